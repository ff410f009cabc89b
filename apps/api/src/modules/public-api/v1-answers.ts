import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  type ProblemCode,
  type Scope,
} from '@tanqin/shared';
import type { z } from 'zod';
import { problemResponses } from '../../lib/contract.ts';

/*
 * The answers every /v1/tokens operation shares, as the routes declare them: the pipeline's
 * refusals, the body's, and the rate-limit headers of every call that reached the limit.
 */

/** OpenAPI header objects (their schemas are JSON Schema 2020-12, with `const`). */
interface HeaderObject {
  description?: string;
  required?: boolean;
  schema: Record<string, unknown>;
  example?: unknown;
}
type Headers = Record<string, HeaderObject>;

/** RateLimit headers (IETF draft-ietf-httpapi-ratelimit-headers): on every admitted call. */
function rateLimitHeaders(required: boolean): Headers {
  const when = required ? '' : ' Present when the call passed the pipeline (see the codes).';
  return {
    RateLimit: {
      description: `Remaining calls (r) and seconds to reset (t) per window.${when}`,
      required,
      schema: { type: 'string', pattern: '^"minute";r=\\d+;t=\\d+, "hour";r=\\d+;t=\\d+$' },
      example: '"minute";r=59;t=60, "hour";r=999;t=3600',
    },
    'RateLimit-Policy': {
      description: `Quota (q) per window of w seconds, of the key or organisation.${when}`,
      required,
      schema: { type: 'string', pattern: '^"minute";q=\\d+;w=60, "hour";q=\\d+;w=3600$' },
      example: `"minute";q=${DEFAULT_RATE_LIMIT_PER_MINUTE};w=60, "hour";q=${DEFAULT_RATE_LIMIT_PER_HOUR};w=3600`,
    },
  };
}

export const noStoreHeader = (description: string): HeaderObject => ({
  description,
  required: true,
  schema: { type: 'string', const: 'no-store' },
});

/** A success of a billed call: always after the rate limit. */
export function billedSuccess(
  schema: z.ZodType,
  description: string,
  headers: Headers = {},
): {
  description: string;
  headers: Headers;
  content: { 'application/json': { schema: z.ZodType } };
} {
  return {
    description,
    headers: { ...rateLimitHeaders(true), ...headers },
    content: { 'application/json': { schema } },
  };
}

export const BEFORE_AUTHENTICATION = 'answered before authentication';

/** One status's problem answers of a /v1 operation: a summary, then each code and when. */
export interface V1Problems {
  summary: string;
  codes: Partial<Record<ProblemCode, string>>;
  /** Whether the answer carries the RateLimit headers: always, or when it passed the pipeline. */
  rateLimit?: 'always' | 'sometimes';
}

/** The problem answers of a /v1 operation, each status with its summary and headers. */
export function v1Problems(...statuses: V1Problems[]) {
  const responses: Record<
    number,
    ReturnType<typeof problemResponses>[number] & { headers?: Headers }
  > = {};
  for (const { summary, codes, rateLimit } of statuses) {
    for (const [status, response] of Object.entries(problemResponses(codes, summary))) {
      responses[Number(status)] = {
        ...response,
        ...(rateLimit && { headers: rateLimitHeaders(rateLimit === 'always') }),
      };
    }
  }
  return responses;
}

/** The pipeline's refusals: credentials, address, scope, rate limit; and a server error. */
export function pipelineProblems() {
  const responses = v1Problems(
    {
      summary: 'Missing, wrong, disabled or expired credentials',
      codes: {
        unauthenticated: 'no Authorization header',
        client_id_mismatch: 'X-Client-Id missing, or not the organisation of the credentials',
        invalid_api_key: 'unknown or wrong credentials, or malformed Basic',
        invalid_token:
          'a bearer token that is invalid, expired, or ended by a secret rotation or its key switched off or deleted',
        key_inactive: 'the API key is disabled',
        key_expired: 'the API key has expired',
      },
    },
    {
      summary: 'Address, country or scope not allowed',
      codes: {
        ip_not_allowed: "not in the key's allowed IPs or the organisation's trusted IPs",
        country_not_allowed: 'the country is blocked by the organisation',
        insufficient_scope: 'the key or token lacks the scope the operation needs',
      },
    },
    {
      summary: 'Rate limit per minute or per hour exceeded',
      codes: { rate_limited: 'retry after Retry-After seconds' },
      rateLimit: 'always',
    },
    {
      summary: 'Unexpected server error',
      codes: { internal_error: 'nothing the client can fix' },
    },
  );
  responses[429]!.headers = {
    ...responses[429]!.headers,
    'Retry-After': {
      description: 'Seconds until a call is admitted again',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
  };
  return responses;
}

/** A body the server cannot take, refused before authentication. */
export const bodyProblems = (send: string) =>
  v1Problems(
    { summary: 'The body is over 64 KiB', codes: { payload_too_large: BEFORE_AUTHENTICATION } },
    {
      summary: `A Content-Type the server does not parse; send ${send}`,
      codes: { unsupported_media_type: BEFORE_AUTHENTICATION },
    },
  );

/** A path parameter over 100 characters, refused by the router. */
export const pathProblems = () =>
  v1Problems({
    summary: 'token_id is over 100 characters',
    codes: { uri_too_long: BEFORE_AUTHENTICATION },
  });

/** Basic (key or organisation credentials) or an OAuth token with one of `anyOf`; always X-Client-Id. */
export const v1Security = (...anyOf: Scope[]) => [
  { basicAuth: [], clientId: [] },
  ...anyOf.map((scope) => ({ oauth2: [scope], clientId: [] })),
];
