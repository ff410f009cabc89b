import { z } from 'zod';
import { toAsciiDigits } from '../national-id.ts';
import { nullableTimestampSchema, successSchema, timestampSchema } from './common.ts';

/*
 * Proving one's identity at an identity provider (OpenID Connect, authorization code with PKCE)
 * and locking one's national id. See apps/api/src/modules/identity.
 */

/** 200 of GET /api/v1/individuals/me/identity: whether the national id is proven, and locked. */
export const identityStatusSchema = z.object({
  proven: z.boolean(),
  proven_at: nullableTimestampSchema,
  provider: z.string().nullable().meta({ description: 'The issuer that proved it' }),
  development_provider: z
    .boolean()
    .meta({ description: 'True when the built-in development identity provider is in use' }),
  locked: z.boolean().meta({ description: 'No code can be generated for the national id' }),
  locked_at: nullableTimestampSchema,
  unlock_needs_code: z
    .boolean()
    .meta({ description: 'Unlocking asks a two-step verification code (it is on)' }),
  correction: z
    .object({
      typed_last4: z.string().nullable().meta({ description: 'The id typed at registration' }),
      proven_last4: z.string().meta({ description: 'The id the identity provider proved' }),
      expires_at: timestampSchema,
    })
    .nullable()
    .meta({
      description:
        'The identity provider proved another national id than the one typed at registration: ' +
        "POST /api/v1/individuals/me/identity/correction makes the proven id the account's",
    }),
});
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

/** 200 of POST /api/v1/individuals/me/identity/start: where to send the browser. */
export const identityStartedSchema = z.object({
  authorization_url: z.url().meta({ description: "The identity provider's sign-in address" }),
});
export type IdentityStarted = z.infer<typeof identityStartedSchema>;

/** POST /api/v1/individuals/me/identity/complete: what the provider gave the callback. */
export const identityCompleteSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});
export type IdentityComplete = z.infer<typeof identityCompleteSchema>;

/** 200 of POST /api/v1/individuals/me/identity/complete. */
export const identityProvenSchema = z.object({
  success: successSchema,
  identity: identityStatusSchema,
});
export type IdentityProven = z.infer<typeof identityProvenSchema>;

/** POST /api/v1/individuals/me/identity-lock: unlocking asks the password (and 2FA code if on). */
export const identityLockRequestSchema = z.object({
  locked: z.boolean(),
  password: z.string().max(128).optional(),
  code: z.string().max(32).transform(toAsciiDigits).optional(),
});
export type IdentityLockRequest = z.infer<typeof identityLockRequestSchema>;

/** 200 of POST /api/v1/individuals/me/identity-lock. */
export const identityLockedSchema = z.object({
  success: successSchema,
  locked: z.boolean(),
  locked_at: nullableTimestampSchema,
});
export type IdentityLocked = z.infer<typeof identityLockedSchema>;
