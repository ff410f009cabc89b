import { z } from 'zod';
import { DEFAULT_SCOPES, SCOPES } from '../constants.ts';
import { text } from './text.ts';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SCOPE_ALTERNATIVES = `(?:${SCOPES.map(escapeRegExp).join('|')})`;

/** The access token's lifetime, in seconds. */
export const OAUTH_TOKEN_TTL_SECONDS = 3600;

/**
 * POST /v1/oauth/token (RFC 6749 section 4.4), as a form or JSON body. Every field is optional
 * here: which one is missing decides the RFC 6749 error the endpoint answers.
 */
const oauthTokenRequestFields = z
  .object({
    // Documented as what a successful request sends; anything else answers an RFC 6749 error.
    grant_type: text().max(100).optional().meta({ const: 'client_credentials' }),
    client_id: text()
      .max(200)
      .optional()
      .meta({
        description:
          'client_secret_post: an api_key (`tqk_live_...`) or the organisation client_id ' +
          '(`tqc_...`). Ignored when the client authenticates with HTTP Basic.',
      }),
    client_secret: text()
      .max(200)
      .optional()
      .meta({
        description:
          'client_secret_post: the api_secret (`tqs_live_...`) or the organisation ' +
          'client_secret (`tqcs_live_...`). Sending it together with HTTP Basic is ' +
          '400 invalid_request.',
      }),
    scope: text()
      .max(1000)
      .optional()
      .meta({
        pattern: `^ *(?:${SCOPE_ALTERNATIVES}(?: +${SCOPE_ALTERNATIVES})*)? *$`,
        description:
          'Space-separated scopes from the catalogue, each one the client has; the token ' +
          'carries exactly these. Default: every scope of the client (an API key: its ' +
          `scopes; the organisation: ${DEFAULT_SCOPES.join(' and ')}). Otherwise 400 ` +
          'invalid_scope.',
      }),
  })
  .meta({
    id: 'OAuthTokenRequest',
    required: ['grant_type'],
    // client_secret_basic: the credentials travel in the Authorization header, not the body.
    examples: [{ grant_type: 'client_credentials' }],
  });
export const oauthTokenRequestSchema = z.preprocess(
  // No body at all reads as an empty one: the missing grant_type then says what is wrong.
  (body) => body ?? {},
  oauthTokenRequestFields,
);
export type OauthTokenRequest = z.input<typeof oauthTokenRequestFields>;

/** 200 of POST /v1/oauth/token. */
export const oauthTokenResponseSchema = z
  .object({
    access_token: z
      .string()
      .meta({ description: 'Send as `Authorization: Bearer <access_token>`, with X-Client-Id' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Lifetime in seconds' }),
    scope: z.string().meta({ description: 'Space-separated scopes the token carries' }),
  })
  .meta({
    id: 'OAuthTokenResponse',
    examples: [
      {
        access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InRva2VuOmdlbmVyYXRlIn0.c2lnbmF0dXJl',
        token_type: 'Bearer',
        expires_in: OAUTH_TOKEN_TTL_SECONDS,
        scope: 'token:generate token:verify',
      },
    ],
  });

export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'unsupported_grant_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
] as const;
export type OAuthErrorCode = (typeof OAUTH_ERRORS)[number];

/** RFC 6749 section 5.2 error: the one error answer that is not problem+json. */
export const oauthErrorSchema = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string() })
  .meta({ id: 'OAuthError', description: 'RFC 6749 section 5.2 error' });

/** The error answer of one status, `error` narrowed to what the endpoint sends with it. */
export function oauthErrorSchemaOf(errors: readonly OAuthErrorCode[]) {
  return oauthErrorSchema.extend({
    error: z.enum(errors as [OAuthErrorCode, ...OAuthErrorCode[]]),
  });
}
