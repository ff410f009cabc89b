import { z } from 'zod';
import { COUNTRY_CODES, EVENT_SEVERITIES, EVENT_TYPES, KEY_MODES } from '../constants.ts';
import { isIpOrCidr } from '../ip.ts';
import { text } from './text.ts';

const organizationId = text().max(100).optional();

/** `?organization_id=` of the list calls: when given, it must be the caller's own organisation. */
export const organizationQuerySchema = z.object({ organization_id: organizationId });
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

export const countryRuleSchema = z.object({
  country_code: text('countryCodeInvalid')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'countryCodeInvalid')
    .refine((code) => COUNTRY_CODES.includes(code), 'countryCodeInvalid'),
  is_allowed: z.boolean(),
  organization_id: organizationId,
});

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

export const DATE_RANGES = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
export type DateRange = keyof typeof DATE_RANGES;

export const securityEventsQuerySchema = z.object({
  severity: z.enum(EVENT_SEVERITIES).optional(),
  event_type: z.enum(EVENT_TYPES).optional(),
  date_range: z.enum(Object.keys(DATE_RANGES) as [DateRange, ...DateRange[]]).default('7d'),
  status: z.enum(['open', 'resolved']).optional(),
  mode: z.enum(KEY_MODES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  organization_id: organizationId,
  format: z.literal('csv').optional(),
});

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
