import { z } from 'zod';
import { MEMBER_ROLES, ORGANIZATION_TYPES } from '../constants.ts';
import { successSchema, timestampSchema } from './common.ts';

/*
 * The answers of signing in and of GET /api/v1/auth/me: the account, never its hashes, secrets or
 * national id hash (what a schema does not name does not leave the server).
 */

export const ACCOUNT_KINDS = ['organization', 'individual'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The signed-in account. */
export const userSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACCOUNT_KINDS),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  created_at: timestampSchema,
  /** Organisation users need no confirmation; individuals confirm with a code. */
  confirmed: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The interface language the person chose in their profile. */
  language: z.enum(['ar', 'en']),
});
export type User = z.infer<typeof userSchema>;

/** The organisation an organisation account belongs to, with its role there. */
export const membershipOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  email: z.string(),
  client_id: z.string(),
  created_at: timestampSchema,
  time_zone: z.string().meta({
    description: "The organisation's time zone: the console shows its dates and times in it",
  }),
  role: z.enum(MEMBER_ROLES),
});
export type MembershipOrganization = z.infer<typeof membershipOrganizationSchema>;

/** 200 of GET /api/v1/auth/me. `organization` is null for an account of no organisation. */
export const meSchema = z.object({
  success: successSchema,
  user: userSchema,
  organization: membershipOrganizationSchema.nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** A new access token (the refresh token travels in its httpOnly cookie). */
const accessTokenFields = {
  token: z.string().meta({ description: 'The access token (Authorization: Bearer)' }),
  access_token: z.string().meta({ description: 'The same token, under its OAuth name' }),
  expires_in: z.number().int().meta({ description: 'Seconds the access token lives' }),
};

/** 200 of POST /api/v1/auth/refresh. */
export const refreshedSchema = z.object({ success: successSchema, ...accessTokenFields });
export type Refreshed = z.infer<typeof refreshedSchema>;

/** A completed sign-in (login, two-step code, registration, accepted invitation). */
export const signedInSchema = z.object({
  success: successSchema,
  message: z.string(),
  ...accessTokenFields,
  user: userSchema,
  organization: membershipOrganizationSchema.nullable(),
  /** An individual who has not confirmed yet: the web app shows the code step. */
  requiresConfirmation: z.literal(true).optional(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** 200 of POST /api/v1/auth/login when the account has two-step verification on. */
export const twoFactorChallengeSchema = z.object({
  success: successSchema,
  requires2FA: z.literal(true),
  twoFactorToken: z
    .string()
    .meta({ description: 'Single use, short-lived: send it with the code to /auth/verify-2fa' }),
  message: z.string(),
});

/** 200 of POST /api/v1/auth/login: signed in, or the two-step code is asked for. */
export const loginAnswerSchema = z.union([signedInSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
