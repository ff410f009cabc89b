import { z } from 'zod';
import { MEMBER_ROLES, ORGANIZATION_TYPES } from '../constants.ts';
import { emailSchema, passwordsMatch, personFields } from './auth.ts';
import { successSchema, timestampSchema } from './common.ts';
import { text } from './text.ts';
import { appLinkSchema } from './verification-requests.ts';

/**
 * The organisation's settings (spec section 7 "Organisation"): its profile, its members and the
 * invitations that bring new members in. Shared by the API and the settings screens.
 */

/** How long an emailed invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const role = z.enum(MEMBER_ROLES, 'roleInvalid');

/** A real IANA zone name (what Intl accepts), not an offset such as "+03:00". */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/v1/organizations/:id; every field optional, but a given name is never empty. */
export const organizationProfileSchema = z.object({
  name: text('profileOrgNameRequired')
    .trim()
    .min(1, 'profileOrgNameRequired')
    .max(200, 'tooLong')
    .optional(),
  contact_person: text('contactPersonRequired')
    .trim()
    .min(1, 'contactPersonRequired')
    .max(200, 'tooLong')
    .optional(),
  /** Empty clears the phone (stored as null). */
  phone: text()
    .trim()
    .max(32, 'tooLong')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  time_zone: text('timeZoneInvalid')
    .trim()
    .max(64, 'timeZoneInvalid')
    .refine(isTimeZone, 'timeZoneInvalid')
    .optional(),
  /** The app link that answers verification requests (issue 33); empty clears it. */
  app_link: z
    .union([z.literal(''), appLinkSchema])
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});
export type OrganizationProfileInput = z.input<typeof organizationProfileSchema>;
export type OrganizationProfile = z.output<typeof organizationProfileSchema>;

export const organizationIdParamsSchema = z.object({ id: text().max(100) });
export const memberParamsSchema = z.object({ id: text().max(100), userId: z.uuid() });
export const invitationParamsSchema = z.object({ id: text().max(100), invitationId: z.uuid() });

/** POST /api/v1/organizations/:id/members/invite */
export const inviteMemberSchema = z.object({ email: emailSchema, role });
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

/** PATCH /api/v1/organizations/:id/members/:userId */
export const changeMemberRoleSchema = z.object({ role });
export type ChangeMemberRoleInput = z.input<typeof changeMemberRoleSchema>;

const invitationToken = text('invitationTokenRequired')
  .trim()
  .min(1, 'invitationTokenRequired')
  .max(200, 'invitationTokenRequired');

/** POST /api/v1/invitations/preview (the join page reads the token from the link's fragment). */
export const invitationPreviewSchema = z.object({ token: invitationToken });
export type InvitationPreviewInput = z.input<typeof invitationPreviewSchema>;

/** POST /api/v1/invitations/accept: the invitee's own fields, with sign-up's password rules. */
export const acceptInvitationSchema = z
  .object({ token: invitationToken, ...personFields })
  .refine(...passwordsMatch);
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** One member in GET /api/v1/organizations/:id/members. */
export const organizationMemberSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(MEMBER_ROLES),
  joined_at: timestampSchema,
  is_you: z.boolean(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** One pending invitation in GET .../members and POST .../members/invite. */
export const organizationInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invited_by_name: z.string().nullable(),
  created_at: timestampSchema,
  expires_at: timestampSchema,
});
export type OrganizationInvitation = z.infer<typeof organizationInvitationSchema>;

export const membersResponseSchema = z.object({
  members: z.array(organizationMemberSchema),
  invitations: z.array(organizationInvitationSchema),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** 201 of POST .../members/invite. */
export const invitationSentSchema = z.object({
  success: successSchema,
  invitation: organizationInvitationSchema,
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

/** 200 of PATCH .../members/:userId. */
export const memberRoleChangedSchema = z.object({
  success: successSchema,
  member: organizationMemberSchema,
});
export type MemberRoleChanged = z.infer<typeof memberRoleChangedSchema>;

/** 200 of POST /api/v1/invitations/preview: what the join page shows before the form. */
export const invitationPreviewAnswerSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  expires_at: timestampSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewAnswerSchema>;

/** GET and PATCH /api/v1/organizations/:id */
export const organizationDetailsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  email: z.string(),
  phone: z.string().nullable(),
  contact_person: z.string(),
  time_zone: z.string(),
  client_id: z.string(),
  created_at: timestampSchema,
  require_ip_whitelist: z.boolean(),
  geo_blocking_enabled: z.boolean(),
  app_link: z
    .string()
    .nullable()
    .meta({ description: 'The app link that answers verification requests, or null' }),
  role: z.enum(MEMBER_ROLES),
});
export type OrganizationDetails = z.infer<typeof organizationDetailsSchema>;

/** 201 of POST /api/v1/signup: the new organisation (its admin signs in next). */
export const organizationCreatedSchema = z.object({
  success: successSchema,
  organization: z.object({
    id: z.uuid(),
    name: z.string(),
    client_id: z.string(),
    type: z.enum(ORGANIZATION_TYPES),
    email: z.string(),
    created_at: timestampSchema,
  }),
});
export type OrganizationCreated = z.infer<typeof organizationCreatedSchema>;

/** GET .../credentials and POST .../credentials/rotate: the client secret, never cached. */
export const clientCredentialsSchema = z.object({
  client_id: z.string(),
  client_secret: z.string(),
});
export type ClientCredentials = z.infer<typeof clientCredentialsSchema>;

/** GET /api/v1/organizations/:id/dashboard: the dashboard's counters. */
export const dashboardCountersSchema = z.object({
  organization_id: z.uuid(),
  joined_at: timestampSchema,
  active_tokens: z.number().int(),
  verifications: z.number().int(),
  api_calls_this_month: z.number().int(),
});
export type DashboardCounters = z.infer<typeof dashboardCountersSchema>;

/**
 * PUT /api/v1/organization/encryption-key: the organisation's X25519 public key (the raw 32
 * bytes, base64url, 43 characters). Codes addressed to it from then on are sealed to it as well.
 */
export const encryptionKeySchema = z.object({
  public_key: text('encryptionKeyInvalid')
    .trim()
    .regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, 'encryptionKeyInvalid')
    .meta({
      description: 'The raw 32-byte X25519 public key, base64url without padding (43 characters)',
      examples: ['q1Wm0fYbHd7PZ3kL2aXs9JcV8nRtE4uGy6oBiQwT5hM'],
    }),
});
export type EncryptionKeyInput = z.input<typeof encryptionKeySchema>;

/** 200 of GET/PUT /api/v1/organization/encryption-key. */
export const encryptionKeyStateSchema = z.object({
  public_key: z.string().nullable().meta({ description: 'The registered public key, or null' }),
  updated_at: timestampSchema.nullable(),
});
export type EncryptionKeyState = z.infer<typeof encryptionKeyStateSchema>;
