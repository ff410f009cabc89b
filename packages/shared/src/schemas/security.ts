import { z } from 'zod';
import { EVENT_SEVERITIES, EVENT_TYPES } from '../constants.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { isIpOrCidr } from '../ip.ts';
import {
  consoleModeSchema,
  nullableTimestampSchema,
  successSchema,
  timestampSchema,
} from './common.ts';
import { text } from './text.ts';

const organizationId = text().max(100).optional();

/** `?organization_id=` of the list calls: when given, it must be the caller's own organisation. */
export const organizationQuerySchema = z.object({ organization_id: organizationId });
/** A console read of one mode's data (security stats, the key list). */
export const organizationModeQuerySchema = organizationQuerySchema.extend({
  mode: consoleModeSchema,
});
export const securityIdParamsSchema = z.object({ id: z.uuid() });

export const createTrustedIpSchema = z.object({
  ip_address: text('ipAddressRequired')
    .trim()
    .min(1, 'ipAddressRequired')
    .max(64, 'tooLong')
    .refine(isIpOrCidr, 'ipInvalid'),
  ip_range: text()
    .trim()
    .max(64, 'tooLong')
    .refine((value) => value === '' || (value.includes('/') && isIpOrCidr(value)), 'ipInvalid')
    .optional()
    .nullable(),
  description: text('descriptionRequired').trim().min(1, 'descriptionRequired').max(200, 'tooLong'),
  api_key_id: z.union([z.uuid(), z.literal(''), z.null()]).optional(),
  organization_id: organizationId,
});
export type CreateTrustedIpInput = z.input<typeof createTrustedIpSchema>;

export const toggleSchema = z.object({ is_active: z.boolean(), organization_id: organizationId });
export type ToggleInput = z.input<typeof toggleSchema>;

export const countryRuleSchema = z.object({
  country_code: text('countryCodeInvalid')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'countryCodeInvalid')
    .refine((code) => COUNTRY_CODES.includes(code), 'countryCodeInvalid'),
  is_allowed: z.boolean(),
  organization_id: organizationId,
});
export type CountryRuleInput = z.input<typeof countryRuleSchema>;

export const organizationSettingsSchema = z
  .object({
    require_ip_whitelist: z.boolean().optional(),
    geo_blocking_enabled: z.boolean().optional(),
    organization_id: organizationId,
  })
  .refine(
    (value) => value.require_ip_whitelist !== undefined || value.geo_blocking_enabled !== undefined,
    {
      message: 'settingRequired',
    },
  );

/** One trusted address in GET and POST /api/v1/security/trusted-ips. */
export const trustedIpSchema = z.object({
  id: z.uuid(),
  ip_address: z.string(),
  ip_range: z.string().nullable(),
  description: z.string(),
  api_key_id: z
    .uuid()
    .nullable()
    .meta({ description: 'The key the address is trusted for; null: every key' }),
  api_key_name: z.string().nullable(),
  usage_count: z.number().int(),
  last_seen_at: nullableTimestampSchema,
  is_active: z.boolean(),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2 code, when known' }),
  city: z.string().nullable(),
  created_at: timestampSchema,
});
export type TrustedIp = z.infer<typeof trustedIpSchema>;

export const trustedIpListSchema = z.object({ trusted_ips: z.array(trustedIpSchema) });
export type TrustedIpList = z.infer<typeof trustedIpListSchema>;

/** 201 of POST /api/v1/security/trusted-ips. */
export const trustedIpCreatedSchema = z.object({
  success: successSchema,
  trusted_ip: trustedIpSchema,
});
export type TrustedIpCreated = z.infer<typeof trustedIpCreatedSchema>;

/** 200 of PATCH /api/v1/security/trusted-ips/{id}. */
export const toggledSchema = z.object({
  success: successSchema,
  id: z.uuid(),
  is_active: z.boolean(),
});
export type Toggled = z.infer<typeof toggledSchema>;

/** A country rule; a country without one is allowed. */
export const savedCountryRuleSchema = z.object({
  country_code: z.string().meta({ description: 'ISO 3166-1 alpha-2 code' }),
  is_allowed: z.boolean(),
  created_at: timestampSchema,
});
export type CountryRule = z.infer<typeof savedCountryRuleSchema>;

export const countryRuleListSchema = z.object({ country_rules: z.array(savedCountryRuleSchema) });
export type CountryRuleList = z.infer<typeof countryRuleListSchema>;

/** 200 of POST /api/v1/security/country-rules (it sets the rule, new or not). */
export const countryRuleSetSchema = z.object({
  success: successSchema,
  country_rule: savedCountryRuleSchema,
});
export type CountryRuleSet = z.infer<typeof countryRuleSetSchema>;

/** GET /api/v1/security/organization-settings: the organisation's two network switches. */
export const organizationSecuritySettingsSchema = z.object({
  require_ip_whitelist: z
    .boolean()
    .meta({ description: 'Only trusted addresses may call /v1 (keys with their own list aside)' }),
  geo_blocking_enabled: z.boolean().meta({ description: 'The country rules are in force' }),
});
export type OrganizationSecuritySettings = z.infer<typeof organizationSecuritySettingsSchema>;

/** 200 of PATCH /api/v1/security/organization-settings: both switches as they now are. */
export const organizationSecuritySettingsSavedSchema = organizationSecuritySettingsSchema.extend({
  success: successSchema,
});
export type OrganizationSecuritySettingsSaved = z.infer<
  typeof organizationSecuritySettingsSavedSchema
>;

export const DATE_RANGES = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
export type DateRange = keyof typeof DATE_RANGES;

export const securityEventsQuerySchema = z.object({
  severity: z.enum(EVENT_SEVERITIES).optional(),
  event_type: z.enum(EVENT_TYPES).optional(),
  date_range: z.enum(Object.keys(DATE_RANGES) as [DateRange, ...DateRange[]]).default('7d'),
  status: z.enum(['open', 'resolved']).optional(),
  mode: consoleModeSchema,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  organization_id: organizationId,
  format: z.literal('csv').optional(),
});

/** One event in GET /api/v1/security/events. */
export const securityEventSchema = z.object({
  id: z.uuid(),
  event_type: z.enum(EVENT_TYPES),
  event_severity: z.enum(EVENT_SEVERITIES),
  event_description: z.string(),
  client_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_path: z.string().nullable().meta({
    description: 'Path of the request that caused the event; null when no request did (a report)',
  }),
  request_method: z.string().nullable(),
  additional_data: z.record(z.string(), z.unknown()).nullable(),
  api_key_id: z.uuid().nullable(),
  api_key_name: z.string().nullable(),
  occurrences: z
    .number()
    .int()
    .meta({ description: 'How many identical events within a minute this row stands for' }),
  created_at: timestampSchema,
  last_seen_at: timestampSchema,
  notified_at: nullableTimestampSchema,
  resolved_at: nullableTimestampSchema,
  is_test: z.boolean().meta({ description: 'Caused by a test key' }),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** A page of a list, with the total over every page. */
const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
};

export const securityEventsPageSchema = z.object({
  events: z.array(securityEventSchema),
  ...pageFields,
});
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;

/** 200 of PATCH /api/v1/security/events/{id}/resolve (resolving twice keeps the first time). */
export const securityEventResolvedSchema = z.object({
  success: successSchema,
  event: z.object({ id: z.uuid(), resolved_at: timestampSchema }),
});
export type SecurityEventResolved = z.infer<typeof securityEventResolvedSchema>;

/**
 * The body of a security event's webhook (Standard Webhooks: `type`, `timestamp`, `data`), signed
 * in the `webhook-signature` header with the preference's secret.
 */
export const securityEventWebhookSchema = z.object({
  type: z
    .string()
    .meta({ description: '`security.` and the event type', example: 'security.key_first_use' }),
  timestamp: timestampSchema,
  data: z.object({
    id: z.uuid(),
    event_type: z.enum(EVENT_TYPES),
    event_severity: z.enum(EVENT_SEVERITIES),
    event_description: z.string().meta({
      description:
        'The English text recorded with the event (technical; unchanged for existing integrations)',
    }),
    descriptions: z.object({ ar: z.string(), en: z.string() }).meta({
      description:
        'The event told in Arabic and in English, as the security center and the notification emails tell it',
    }),
    client_ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_path: z.string().nullable(),
    request_method: z.string().nullable(),
    additional_data: z.record(z.string(), z.unknown()).nullable(),
    api_key_name: z.string().nullable(),
    occurrences: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'Identical events within a minute it stands for' }),
    created_at: timestampSchema,
    organization: z.object({ id: z.uuid(), name: z.string() }),
  }),
});
export type SecurityEventWebhook = z.infer<typeof securityEventWebhookSchema>;

/** GET /api/v1/security/events/export: the events as CSV (RFC 4180, with a byte-order mark). */
export const securityEventsCsvSchema = z.string().meta({
  description:
    'Columns: created_at, event_type, event_severity, event_description (as recorded, English), description_ar and description_en (as the security center tells it), client_ip, user_agent, api_key_name, request_method, request_path, occurrences, status, resolved_at, notified_at',
});

export const SECURITY_LABELS = ['Excellent', 'Good', 'Needs Attention'] as const;
export type SecurityLabel = (typeof SECURITY_LABELS)[number];

/** GET /api/v1/security/stats: the spec's security statistics, for the organisation's today. */
export const securityStatsSchema = z.object({
  success: successSchema,
  data: z.object({
    total_api_keys: z.number().int(),
    active_api_keys: z.number().int(),
    inactive_api_keys: z.number().int(),
    total_requests_today: z.number().int(),
    blocked_requests_today: z.number().int(),
    blocked_percentage: z.number().meta({ description: 'Percent, one decimal' }),
    critical_events_count: z.number().int().meta({ description: 'Critical events not resolved' }),
    trusted_ips_count: z.number().int(),
    countries_blocked: z.number().int(),
    rate_limit_violations: z.number().int(),
    security_score: z.number().int().min(0).max(100),
    security_label: z.enum(SECURITY_LABELS),
    show_alert: z.boolean(),
  }),
});
export type SecurityStatsAnswer = z.infer<typeof securityStatsSchema>;
export type SecurityStats = SecurityStatsAnswer['data'];

export const NOTIFICATION_TYPES = ['email', 'webhook'] as const;

export const createNotificationPreferenceSchema = z
  .object({
    notification_type: z.enum(NOTIFICATION_TYPES),
    event_types: z
      .array(z.enum(EVENT_TYPES), 'eventTypesRequired')
      .min(1, 'eventTypesRequired')
      .max(EVENT_TYPES.length),
    destination: text('destinationRequired')
      .trim()
      .min(1, 'destinationRequired')
      .max(500, 'tooLong'),
    organization_id: organizationId,
  })
  .superRefine((value, ctx) => {
    if (value.notification_type === 'email' && !z.email().safeParse(value.destination).success) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'emailInvalid' });
    }
    if (value.notification_type === 'webhook' && !isHttpsWebhookUrl(value.destination)) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'webhookUrlInvalid' });
    }
  })
  .transform((value) => ({ ...value, event_types: [...new Set(value.event_types)] }));
export type CreateNotificationPreferenceInput = z.input<typeof createNotificationPreferenceSchema>;

/** An absolute https URL without user name or password (they would show in every list). */
function isHttpsWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname !== '';
  } catch {
    return false;
  }
}

export const notificationDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  organization_id: organizationId,
});

/** 200 of POST /api/v1/security/notifications/{id}/test: how the test message went. */
export const notificationTestResultSchema = z.object({
  success: z.literal(true),
  delivery: z.object({
    status: z.enum(['delivered', 'failed']),
    response_status: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The webhook's HTTP status; null for email or when none came" }),
    error: z.string().nullable().meta({ description: 'Why it failed, in English' }),
  }),
});
export type NotificationTestResult = z.infer<typeof notificationTestResultSchema>;

/** One notification channel in GET /api/v1/security/notifications. */
export const notificationPreferenceSchema = z.object({
  id: z.uuid(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  event_types: z.array(z.enum(EVENT_TYPES)),
  destination: z.string().meta({ description: 'The email address or the https webhook URL' }),
  is_active: z.boolean(),
  confirmed_at: nullableTimestampSchema.meta({
    description:
      'When the owner of an email address confirmed it; null while awaiting confirmation (nothing is sent to it then). A webhook is confirmed when created',
  }),
  confirmation_expires_at: nullableTimestampSchema.meta({
    description:
      'Until when the confirmation link mailed to an unconfirmed address works; null once confirmed. After it, send a new link',
  }),
  created_at: timestampSchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferenceListSchema = z.object({
  notification_preferences: z.array(notificationPreferenceSchema),
});
export type NotificationPreferenceList = z.infer<typeof notificationPreferenceListSchema>;

/** 201 of POST /api/v1/security/notifications; a webhook's answer carries its signing secret. */
export const notificationPreferenceCreatedSchema = z.object({
  success: successSchema,
  notification_preference: notificationPreferenceSchema,
  signing_secret: z.string().optional().meta({
    description: 'Webhooks only, shown this once: the receiver checks webhook-signature with it',
  }),
});
export type NotificationPreferenceCreated = z.infer<typeof notificationPreferenceCreatedSchema>;

/** 200 of PATCH /api/v1/security/notifications/{id}. */
export const notificationPreferenceUpdatedSchema = z.object({
  success: successSchema,
  notification_preference: notificationPreferenceSchema,
});
export type NotificationPreferenceUpdated = z.infer<typeof notificationPreferenceUpdatedSchema>;

/** How long the link asking an email destination's owner to confirm works (issue 32.4). */
export const DESTINATION_CONFIRMATION_TTL_HOURS = 24;
/** Confirmation links one destination may be sent per day (the first one included). */
export const DESTINATION_CONFIRMATIONS_PER_DAY = 3;

/** POST /api/v1/notification-destinations/confirm: the token of the mailed confirmation link. */
export const confirmDestinationSchema = z.object({
  token: text('confirmationTokenRequired')
    .min(1, 'confirmationTokenRequired')
    .max(200, 'tooLong')
    .meta({
      description: 'The token of the link, from the fragment of /confirm-destination#token=',
    }),
});
export type ConfirmDestinationInput = z.input<typeof confirmDestinationSchema>;

/** 200 of POST /api/v1/notification-destinations/confirm: who will write to this address. */
export const destinationConfirmedSchema = z.object({
  success: successSchema,
  organization_name: z.string().meta({ description: 'The organisation whose alerts come here' }),
  destination: z.string().meta({ description: 'The confirmed email address' }),
});
export type DestinationConfirmed = z.infer<typeof destinationConfirmedSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a webhook delivery carries besides security events: a verification request answered. */
export const REQUEST_FULFILLED_DELIVERY = 'verification_request.fulfilled';

/** One sending of an event (a security event, or a verification request answered) to a channel. */
export const notificationDeliverySchema = z.object({
  id: z.uuid(),
  preference_id: z.uuid(),
  event_id: z.uuid().nullable().meta({ description: 'The security event sent, else null' }),
  verification_request_id: z
    .string()
    .nullable()
    .meta({ description: 'The verification request whose answer was sent, else null' }),
  event_type: z.enum([...EVENT_TYPES, REQUEST_FULFILLED_DELIVERY]).meta({
    description: 'The security event type, or `verification_request.fulfilled`',
  }),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  response_status: z.number().int().nullable(),
  created_at: timestampSchema,
  last_attempt_at: nullableTimestampSchema,
  next_attempt_at: nullableTimestampSchema,
  delivered_at: nullableTimestampSchema,
  replay_of: z.uuid().nullable().meta({ description: 'The delivery this one sends again' }),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationDeliveriesPageSchema = z.object({
  deliveries: z.array(notificationDeliverySchema),
  ...pageFields,
});
export type NotificationDeliveriesPage = z.infer<typeof notificationDeliveriesPageSchema>;

/** 202 of POST /api/v1/security/notifications/deliveries/{id}/replay: the new pending delivery. */
export const deliveryReplayedSchema = z.object({
  success: successSchema,
  delivery: notificationDeliverySchema,
});
export type DeliveryReplayed = z.infer<typeof deliveryReplayedSchema>;

/**
 * Country rules as one policy: block the listed countries (every other passes), or allow only
 * the listed ones. Addresses without a known country (private, loopback, unknown) always pass.
 */
export const COUNTRY_MODES = ['block', 'allow'] as const;
export type CountryMode = (typeof COUNTRY_MODES)[number];

const countryCodeSchema = text('countryCodeInvalid')
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.includes(code), 'countryCodeInvalid');

/** PUT /api/v1/security/country-policy: the whole policy at once (the list replaces the rules). */
export const countryPolicyInputSchema = z.object({
  organization_id: organizationId,
  enabled: z.boolean().optional().meta({ description: 'Turns the country rules on or off' }),
  mode: z.enum(COUNTRY_MODES),
  countries: z.array(countryCodeSchema).max(COUNTRY_CODES.length).meta({
    description: 'ISO 3166-1 alpha-2 codes: blocked (mode block) or allowed (mode allow)',
  }),
});
export type CountryPolicyInput = z.input<typeof countryPolicyInputSchema>;

export const countryPolicySchema = z.object({
  enabled: z.boolean().meta({ description: 'The country rules are in force' }),
  mode: z.enum(COUNTRY_MODES),
  countries: z.array(z.string()).meta({ description: 'The listed countries, sorted by code' }),
});
export type CountryPolicy = z.infer<typeof countryPolicySchema>;

/** POST /api/v1/security/network-check: would a call from this address pass? */
export const networkCheckInputSchema = z.object({
  organization_id: organizationId,
  ip_address: text('ipAddressRequired')
    .trim()
    .min(1, 'ipAddressRequired')
    .max(64, 'tooLong')
    .refine((value) => isIpOrCidr(value) && !value.includes('/'), 'ipInvalid'),
  /** The key the call would use: its own address list is checked too. */
  api_key_id: z.union([z.uuid(), z.literal(''), z.null()]).optional(),
});
export type NetworkCheckInput = z.input<typeof networkCheckInputSchema>;

export const NETWORK_RULES = ['key_ips', 'trusted_ips', 'countries'] as const;
export type NetworkRule = (typeof NETWORK_RULES)[number];

export const networkCheckSchema = z.object({
  ip_address: z.string(),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2; null when unknown' }),
  allowed: z.boolean(),
  decided_by: z
    .enum(NETWORK_RULES)
    .nullable()
    .meta({ description: 'The first rule that refuses the call, in the order /v1 applies them' }),
  checks: z.array(
    z.object({
      rule: z.enum(NETWORK_RULES),
      outcome: z.enum(['pass', 'refuse', 'off']).meta({
        description: '`off`: the rule is not in force (no key list, switch off)',
      }),
      reason: z.enum([
        'no_key',
        'key_has_no_list',
        'in_key_list',
        'not_in_key_list',
        'switch_off',
        'trusted',
        'not_trusted',
        'no_country',
        'not_blocked',
        'blocked',
        'allowed',
        'not_allowed',
      ]),
    }),
  ),
});
export type NetworkCheck = z.infer<typeof networkCheckSchema>;
