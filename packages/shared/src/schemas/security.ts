import { z } from 'zod';
import { EVENT_SEVERITIES, EVENT_TYPES } from '../constants.ts';
import { isIpOrCidr } from '../ip.ts';

const organizationId = z.string().max(100).optional();

export const createTrustedIpSchema = z.object({
  ip_address: z
    .string('ipAddressRequired')
    .trim()
    .min(1, 'ipAddressRequired')
    .max(64, 'tooLong')
    .refine(isIpOrCidr, 'ipInvalid'),
  ip_range: z
    .string()
    .trim()
    .max(64, 'tooLong')
    .refine((value) => value === '' || (value.includes('/') && isIpOrCidr(value)), 'ipInvalid')
    .optional()
    .nullable(),
  description: z
    .string('descriptionRequired')
    .trim()
    .min(1, 'descriptionRequired')
    .max(200, 'tooLong'),
  api_key_id: z.union([z.uuid(), z.literal(''), z.null()]).optional(),
  organization_id: organizationId,
});
export type CreateTrustedIpInput = z.input<typeof createTrustedIpSchema>;

export const toggleSchema = z.object({ is_active: z.boolean(), organization_id: organizationId });

export const countryRuleSchema = z.object({
  country_code: z
    .string('countryCodeInvalid')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'countryCodeInvalid'),
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
    destination: z
      .string('destinationRequired')
      .trim()
      .min(1, 'destinationRequired')
      .max(500, 'tooLong'),
    organization_id: organizationId,
  })
  .superRefine((value, ctx) => {
    if (value.notification_type === 'email' && !z.email().safeParse(value.destination).success) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'emailInvalid' });
    }
    if (value.notification_type === 'webhook') {
      let isHttps = false;
      try {
        isHttps = new URL(value.destination).protocol === 'https:';
      } catch {
        isHttps = false;
      }
      if (!isHttps)
        ctx.addIssue({ code: 'custom', path: ['destination'], message: 'webhookUrlInvalid' });
    }
  });
