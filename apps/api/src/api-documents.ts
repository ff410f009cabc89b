import {
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  SCOPES,
  type Scope,
  securityEventWebhookSchema,
  verificationRequestFulfilledWebhookSchema,
} from '@tanqin/shared';
import { z } from 'zod';
import { MAX_DELIVERY_ATTEMPTS } from './lib/due-deliveries.ts';
import type { OpenApiOptions } from './plugins/openapi.ts';

/*
 * What each OpenAPI document says about itself. Its operations come from the routes' schemas
 * (plugins/openapi.ts); GET /v1/openapi.json and GET /api/v1/openapi.json serve them.
 */

const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'token:generate': 'Issue codes (POST /v1/tokens/generate); also read their status',
  'token:verify': 'Verify codes (POST /v1/tokens/verify); also read their status',
  'token:revoke': 'Revoke codes the organisation issued (POST /v1/tokens/{token_id}/revoke)',
  'organization:read': 'Catalogued for API keys; no /v1 operation uses it yet',
  'organization:write': 'Catalogued for API keys; no /v1 operation uses it yet',
  'analytics:read': 'Catalogued for API keys; no /v1 operation uses it yet',
  'security:read': 'Catalogued for API keys; no /v1 operation uses it yet',
  'security:write': 'Catalogued for API keys; no /v1 operation uses it yet',
};

/** The public token API (/v1), for integrators. */
export function publicApiDocument(publicUrl: string): OpenApiOptions {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    info: {
      title: 'Tanqin public token API',
      version: '1.0.0',
      description:
        'Issue and verify temporary, single-use, encrypted identity codes.\n\n' +
        '**Authentication.** Every /v1/tokens call sends the header `X-Client-Id` (the ' +
        "organisation's client_id) and either `Authorization: Basic` or `Authorization: Bearer`. " +
        "Basic carries an API key and its secret (`api_key:api_secret`: the key's scopes, limits " +
        "and allowed IPs apply) or the organisation's own `client_id:client_secret` (scopes " +
        `${DEFAULT_SCOPES.join(' and ')}, ${DEFAULT_RATE_LIMIT_PER_MINUTE} calls a minute and ` +
        `${DEFAULT_RATE_LIMIT_PER_HOUR} an hour). Bearer carries an access token from ` +
        "`POST /v1/oauth/token` for either kind of credentials. The organisation's IP and " +
        'country controls apply to all of them.\n\n' +
        '**Order of checks.** The body is parsed first (400 invalid_json, 413, 415 come before ' +
        'authentication), then: credentials (401) -> IP and country (403) -> scope (403) -> rate ' +
        'limit (429) -> the operation. Every call that reaches the rate limit carries ' +
        "`RateLimit` and `RateLimit-Policy`: its 429, its success and the operation's own " +
        '400/404/410 answers.\n\n' +
        '**Errors** are `application/problem+json` (RFC 9457) with a stable `code`, except on ' +
        '`/v1/oauth/token`, which answers RFC 6749 errors.\n\n' +
        '**Billing.** Successful token calls (2xx) are billed per call; refused and failed calls ' +
        'and /v1/oauth/token are not.',
    },
    servers: [{ url: base }],
    security: [
      { basicAuth: [], clientId: [] },
      { oauth2: [], clientId: [] },
    ],
    securitySchemes: {
      basicAuth: {
        type: 'http',
        scheme: 'basic',
        description:
          'Either an API key as user name and its api_secret as password, or the ' +
          "organisation's client_id and client_secret (default scopes " +
          `${DEFAULT_SCOPES.join(', ')} and default limits). Always with X-Client-Id.`,
      },
      clientId: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Client-Id',
        description:
          "Required on every /v1/tokens call, with Basic or Bearer: the organisation's " +
          'client_id (`tqc_...`). Missing, or not the organisation the credentials belong ' +
          'to: 401 client_id_mismatch. It identifies; it does not authenticate on its own.',
      },
      oauth2: {
        type: 'oauth2',
        description:
          'Client credentials (RFC 6749 section 4.4): an API key and secret, or the ' +
          "organisation's client_id and client_secret. Send the token with X-Client-Id.",
        flows: {
          clientCredentials: {
            tokenUrl: `${base}/v1/oauth/token`,
            scopes: Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]])),
          },
        },
      },
    },
    webhooks: {
      securityEvent: securityEventWebhook(),
      verificationRequestFulfilled: requestFulfilledWebhook(),
    },
  };
}

/** What a webhook notification preference receives (notification-content.ts builds it). */
function securityEventWebhook() {
  const { $schema: _, ...schema } = z.toJSONSchema(securityEventWebhookSchema, { io: 'output' });
  return {
    post: {
      summary: 'A security event, sent to a webhook notification preference',
      description:
        'Sent for each new security event of a type the preference chose (set up in the ' +
        "dashboard's security center). Standard Webhooks: the headers `webhook-id`, " +
        '`webhook-timestamp` (seconds) and `webhook-signature` (`v1,` and the base64 ' +
        'HMAC-SHA-256 of `{webhook-id}.{webhook-timestamp}.{body}` under the base64-decoded ' +
        'part of the `whsec_` secret shown once when the preference was created). ' +
        '`data.descriptions` tells the event in Arabic and English as the security center ' +
        'does; `data.event_description` is the English text recorded with the event. Answer ' +
        `any 2xx; anything else is tried again, ${MAX_DELIVERY_ATTEMPTS} attempts in all.`,
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/json': { schema },
        },
      },
      responses: { '200': { description: 'Received (any 2xx)' } },
    },
  };
}

/** What the audience's webhooks receive when a verification request is answered. */
function requestFulfilledWebhook() {
  const { $schema: _, ...schema } = z.toJSONSchema(verificationRequestFulfilledWebhookSchema, {
    io: 'output',
  });
  return {
    post: {
      summary: 'A verification request was answered, sent to every webhook of its audience',
      description:
        'Sent when an issuer answers a request of yours (POST /v1/tokens/generate with ' +
        'request_id), to each active webhook notification preference, signed and delivered as ' +
        'the security events are (Standard Webhooks; one `webhook-id` per webhook, the same on ' +
        'every attempt). The code is not in it: read it with GET ' +
        '/v1/verification-requests/{request_id}. Answer any 2xx; anything else is tried again, ' +
        `${MAX_DELIVERY_ATTEMPTS} attempts in all, each in the preference's delivery log.`,
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: { '200': { description: 'Received (any 2xx)' } },
    },
  };
}

/** The dashboard API (/api/v1) the web app speaks: sessions, organisations, people. */
export function dashboardApiDocument(publicUrl: string): OpenApiOptions {
  return {
    info: {
      title: 'Tanqin dashboard API',
      version: '1.0.0',
      description:
        'The API of the web app: sign-in and sessions, organisation dashboards and settings, ' +
        "individuals' profiles, documents and codes. Not for integrators (see /v1/openapi.json); " +
        'it may change with the web app.\n\n' +
        '**Authentication.** `Authorization: Bearer <access token>` from sign-in; the refresh ' +
        'token travels in an httpOnly cookie (`/api/v1/auth/refresh`).\n\n' +
        '**Errors** are `application/problem+json` (RFC 9457) with a stable `code`; ' +
        '`validation_failed` lists every field with a message key the web app shows in Arabic ' +
        'or English.',
    },
    servers: [{ url: publicUrl.replace(/\/+$/, '') }],
    security: [{ bearerAuth: [] }],
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'The access token of a signed-in user (15 minutes; refresh with the cookie)',
      },
      operatorToken: {
        type: 'http',
        scheme: 'bearer',
        description: 'OPERATOR_TOKEN of the server, for the operator routes (/api/v1/operator)',
      },
    },
  };
}
