import { z } from 'zod';
import { MEMBER_ROLES, type MemberRole } from '../constants.ts';
import { emailSchema, passwordsMatch, personFields } from './auth.ts';
import { text } from './text.ts';

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
  name: text('orgNameRequired').trim().min(1, 'orgNameRequired').max(200, 'tooLong').optional(),
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
export interface OrganizationMember {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: MemberRole;
  joined_at: string;
  is_you: boolean;
}

/** One pending invitation in GET .../members and POST .../members/invite. */
export interface OrganizationInvitation {
  id: string;
  email: string;
  role: MemberRole;
  invited_by_name: string | null;
  created_at: string;
  expires_at: string;
}

export interface MembersResponse {
  members: OrganizationMember[];
  invitations: OrganizationInvitation[];
}

export interface InvitationPreview {
  organization_name: string;
  email: string;
  role: MemberRole;
  expires_at: string;
}

/** GET and PATCH /api/v1/organizations/:id */
export interface OrganizationDetails {
  id: string;
  name: string;
  type: 'government' | 'private';
  email: string;
  phone: string | null;
  contact_person: string;
  time_zone: string;
  client_id: string;
  created_at: string;
  require_ip_whitelist: boolean;
  geo_blocking_enabled: boolean;
  role: MemberRole;
}
