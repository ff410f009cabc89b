import {
  CODE_ALPHABET,
  checkCharacter,
  DATA_SCOPE_NAME_PATTERN,
  DEFAULT_RATE_LIMIT_PER_HOUR,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_SCOPES,
  formatCode,
  generateTokenSchema,
  type ProblemCode,
  SCOPES,
  type Scope,
  TOKEN_STATUSES,
  tokenIdParamsSchema,
  verifyTokenSchema,
} from '@tanqin/shared';
import { z } from 'zod';
import { OAUTH_TOKEN_TTL_SECONDS } from './client-auth.ts';

type JsonSchema = { [key: string]: unknown };

const SCHEMAS = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${SCHEMAS}${name}` });

/** Rewrites every `#/$defs/<name>` reference to `#/components/schemas/<name>`. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? `${SCHEMAS}${value.slice('#/$defs/'.length)}`
        : rewriteRefs(value),
    ]),
  );
}

/**
 * The JSON Schema of a validating zod schema. In OpenAPI 3.1 a `#/...` reference resolves
 * against the document root, so the `$defs` zod emits move into components/schemas (under their
 * `.meta({ id })` names) and the references follow them.
 */
function fromZod(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...json
  } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    if (name.startsWith('__')) {
      throw new Error(
        `Name the reused zod schema ${name} with .meta({ id }) for the OpenAPI document`,
      );
    }
    const hoisted = rewriteRefs(definition) as JsonSchema;
    const existing = components[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(hoisted)) {
      throw new Error(`Two different schemas are named ${name}`);
    }
    components[name] = hoisted;
  }
  return rewriteRefs(json) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------
// Examples: built from the shared code module, so the example code passes the check character.

const EXAMPLE_CODE_BODY = '7KQ4M2XD9HTVCW3R';
const EXAMPLE_TOKEN = formatCode(EXAMPLE_CODE_BODY + checkCharacter(EXAMPLE_CODE_BODY));
const EXAMPLE_TOKEN_ID = 'tok_5mQ2xR8vKc1NpT7wYb3D';
const EXAMPLE_CREATED_AT = '2026-01-15T09:30:00.000Z';
const EXAMPLE_EXPIRES_AT = '2026-01-15T09:40:00.000Z';
const EXAMPLE_VERIFIED_AT = '2026-01-15T09:32:10.000Z';
const EXAMPLE_DATA = {
  full_name: 'محمد أحمد القحطاني',
  national_id: '1012345678',
  birth_date: '1990-04-12',
};
const EXAMPLE_ORGANIZATION = { name: 'مصرف المثال', client_id: 'tqc_4fR9tLw2QmZ8xKc1VbN7pD' };

const examples = {
  generateRequest: { data: EXAMPLE_DATA, data_scope: ['identity'], expires_in: 600 },
  generateResponse: {
    success: true,
    token: EXAMPLE_TOKEN,
    token_id: EXAMPLE_TOKEN_ID,
    reference_id: EXAMPLE_TOKEN_ID,
    created_at: EXAMPLE_CREATED_AT,
    expires_at: EXAMPLE_EXPIRES_AT,
    message: 'Token generated successfully',
  },
  verifyRequest: { token: EXAMPLE_TOKEN },
  verifyResponse: {
    success: true,
    token_id: EXAMPLE_TOKEN_ID,
    data: EXAMPLE_DATA,
    data_scope: ['identity'],
    issuer: EXAMPLE_ORGANIZATION,
    verified_at: EXAMPLE_VERIFIED_AT,
  },
  statusResponse: {
    token_id: EXAMPLE_TOKEN_ID,
    status: 'used',
    created_at: EXAMPLE_CREATED_AT,
    expires_at: EXAMPLE_EXPIRES_AT,
    used_at: EXAMPLE_VERIFIED_AT,
    used_by: EXAMPLE_ORGANIZATION,
  },
  revokeResponse: { success: true, status: 'revoked' },
  // client_secret_basic: the credentials travel in the Authorization header, not the body.
  oauthRequest: { grant_type: 'client_credentials' },
  oauthResponse: {
    access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzY29wZSI6InRva2VuOmdlbmVyYXRlIn0.c2lnbmF0dXJl',
    token_type: 'Bearer',
    expires_in: OAUTH_TOKEN_TTL_SECONDS,
    scope: 'token:generate token:verify',
  },
};

// ---------------------------------------------------------------------------------------------
// Schemas of the answers, field for field what tokens.service.ts and oauth.routes.ts send.

const CODE_CHAR = `[${CODE_ALPHABET}]`;
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description });
const tokenIdSchema = {
  type: 'string',
  pattern: '^tok_[0-9A-Za-z]+$',
  description: 'Non-secret id of the code, for status and revoke calls',
};
const successTrue = { type: 'boolean', const: true };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SCOPE_ALTERNATIVES = `(?:${SCOPES.map(escapeRegExp).join('|')})`;

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

/** Adds descriptions to properties of a generated schema (a `$ref` keeps its target's own). */
function describeProperties(schema: JsonSchema, descriptions: Record<string, string>) {
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [name, description] of Object.entries(descriptions)) {
    const property = properties[name];
    if (!property) throw new Error(`The schema has no property ${name} to describe`);
    property.description = description;
  }
}

function componentSchemas() {
  const components: Record<string, JsonSchema> = {};
  const generateRequest = fromZod(generateTokenSchema, components);
  const verifyRequest = fromZod(verifyTokenSchema, components);
  describeProperties(generateRequest, {
    data: 'The shared data, sealed under a key only the code gives',
    data_scope:
      'Data categories the code covers: a list, or one comma-separated text. Each entry is ' +
      'trimmed and empty entries are ignored; what remains must be 1 to 40 of `a-z 0-9 _ : . -`.',
    expires_in: 'Lifetime in seconds',
    one_time_use: 'Codes are always single use; accepted for clarity',
    audience:
      'The client_id of the organisation that may verify the code; default: the issuer. ' +
      'Not a registered client_id: 400 invalid_audience.',
    subject:
      'Who the code is for: national_id (stored only as a keyed hash, so the individual can ' +
      'see its use) and/or your own user_id',
  });
  describeProperties(verifyRequest, {
    token:
      'The code as the individual gave it: case, spaces and dashes do not matter, and ' +
      'Arabic-Indic digits are accepted. A wrong check character answers 400 token_malformed.',
  });
  components.TokenData!.description =
    'The shared data: 1 to 50 fields, names of letters, digits and `_ . -` (up to 64), any ' +
    'JSON values. The individual later sees the names, never the values.';

  Object.assign(components, {
    GenerateTokenRequest: { ...generateRequest, examples: [examples.generateRequest] },
    VerifyTokenRequest: { ...verifyRequest, examples: [examples.verifyRequest] },
    GenerateTokenResponse: {
      type: 'object',
      required: [
        'success',
        'token',
        'token_id',
        'reference_id',
        'created_at',
        'expires_at',
        'message',
      ],
      properties: {
        success: successTrue,
        token: {
          type: 'string',
          pattern: `^${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}{4}-${CODE_CHAR}$`,
          description:
            'The one-time code, `XXXX-XXXX-XXXX-XXXX-C` (Crockford base32, last character a ' +
            'Luhn mod 32 check character). Shown once; nobody stores it.',
          examples: [EXAMPLE_TOKEN],
        },
        token_id: tokenIdSchema,
        reference_id: { ...tokenIdSchema, description: 'The same value as token_id' },
        created_at: dateTime('When the code was issued'),
        expires_at: dateTime('When the code stops working'),
        message: { type: 'string', examples: ['Token generated successfully'] },
      },
      examples: [examples.generateResponse],
    },
    OrganizationReference: {
      type: 'object',
      required: ['name', 'client_id'],
      properties: {
        name: { type: 'string', description: "The organisation's name" },
        client_id: {
          type: 'string',
          pattern: '^tqc_[0-9A-Za-z]+$',
          description: "The organisation's client_id",
        },
      },
    },
    VerifyTokenResponse: {
      type: 'object',
      required: ['success', 'token_id', 'data', 'data_scope', 'issuer', 'verified_at'],
      properties: {
        success: successTrue,
        token_id: tokenIdSchema,
        data: { ...ref('TokenData'), description: 'The shared data, exactly as issued' },
        data_scope: {
          type: 'array',
          items: { type: 'string', pattern: DATA_SCOPE_NAME_PATTERN },
          description: 'The data scopes given at issue, normalised to a list (empty if none)',
        },
        issuer: { ...ref('OrganizationReference'), description: 'The issuing organisation' },
        verified_at: dateTime('When the code was used up by this call'),
      },
      examples: [examples.verifyResponse],
    },
    TokenStatusResponse: {
      type: 'object',
      required: ['token_id', 'status', 'created_at', 'expires_at', 'used_at', 'used_by'],
      properties: {
        token_id: tokenIdSchema,
        status: {
          type: 'string',
          enum: [...TOKEN_STATUSES],
          description: 'An active code past its expiry already reads `expired`',
        },
        created_at: dateTime('When the code was issued'),
        expires_at: dateTime('When the code stops (or stopped) working'),
        used_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'When it was verified; null unless used',
        },
        used_by: {
          anyOf: [ref('OrganizationReference'), { type: 'null' }],
          description: 'The organisation that verified it; null unless used',
        },
      },
      examples: [examples.statusResponse],
    },
    RevokeTokenResponse: {
      type: 'object',
      required: ['success', 'status'],
      properties: { success: successTrue, status: { type: 'string', const: 'revoked' } },
      examples: [examples.revokeResponse],
    },
    OAuthTokenRequest: {
      type: 'object',
      required: ['grant_type'],
      properties: {
        grant_type: { type: 'string', const: 'client_credentials' },
        client_id: {
          type: 'string',
          description:
            'client_secret_post: an api_key (`tqk_live_...`) or the organisation client_id ' +
            '(`tqc_...`). Ignored when the client authenticates with HTTP Basic.',
        },
        client_secret: {
          type: 'string',
          description:
            'client_secret_post: the api_secret (`tqs_live_...`) or the organisation ' +
            'client_secret (`tqcs_live_...`). Sending it together with HTTP Basic is ' +
            '400 invalid_request.',
        },
        scope: {
          type: 'string',
          pattern: `^ *(?:${SCOPE_ALTERNATIVES}(?: +${SCOPE_ALTERNATIVES})*)? *$`,
          description:
            'Space-separated scopes from the catalogue, each one the client has; the token ' +
            'carries exactly these. Default: every scope of the client (an API key: its ' +
            `scopes; the organisation: ${DEFAULT_SCOPES.join(' and ')}). Otherwise 400 ` +
            'invalid_scope.',
        },
      },
      examples: [examples.oauthRequest],
    },
    OAuthTokenResponse: {
      type: 'object',
      required: ['access_token', 'token_type', 'expires_in', 'scope'],
      properties: {
        access_token: {
          type: 'string',
          description: 'Send as `Authorization: Bearer <access_token>`, with X-Client-Id',
        },
        token_type: { type: 'string', const: 'Bearer' },
        expires_in: { type: 'integer', description: 'Lifetime in seconds' },
        scope: { type: 'string', description: 'Space-separated scopes the token carries' },
      },
      examples: [examples.oauthResponse],
    },
    OAuthError: {
      type: 'object',
      description: 'RFC 6749 section 5.2 error (the one answer that is not problem+json)',
      required: ['error', 'error_description'],
      properties: {
        error: {
          type: 'string',
          enum: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope'],
        },
        error_description: { type: 'string' },
      },
    },
    FieldError: {
      type: 'object',
      required: ['path', 'code', 'message'],
      properties: {
        path: { type: 'string', description: 'Dotted path of the field; empty for the body' },
        code: {
          type: 'string',
          description: 'Validation message key, or `invalidValue` when there is none',
        },
        message: { type: 'string', description: 'English text of the message' },
      },
    },
    Problem: {
      type: 'object',
      description: 'RFC 9457 problem details with a stable `code` (apps/api/src/plugins/errors.ts)',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: {
        type: {
          type: 'string',
          format: 'uri',
          description: '`https://tanqin.sa/problems/` and the code with dashes',
        },
        title: { type: 'string', description: 'The HTTP reason phrase' },
        status: { type: 'integer', description: 'The HTTP status' },
        detail: { type: 'string', description: 'What went wrong, in English' },
        code: { type: 'string', description: 'Stable error code' },
        errors: {
          type: 'array',
          items: ref('FieldError'),
          description: 'validation_failed: every invalid field',
        },
        detail_ar: {
          type: 'string',
          description: 'validation_failed: the first field error in Arabic, to show as is',
        },
      },
    },
  });
  return components;
}

// ---------------------------------------------------------------------------------------------
// Responses and headers.

const RATE_LIMIT_EXAMPLE = '"minute";r=59;t=60, "hour";r=999;t=3600';
const RATE_LIMIT_POLICY_EXAMPLE = `"minute";q=${DEFAULT_RATE_LIMIT_PER_MINUTE};w=60, "hour";q=${DEFAULT_RATE_LIMIT_PER_HOUR};w=3600`;

/** RateLimit headers (IETF draft-ietf-httpapi-ratelimit-headers): on every admitted call. */
function rateLimitHeaders(required: boolean) {
  const when = required ? '' : ' Present when the call passed the pipeline (see the codes).';
  return {
    RateLimit: {
      description: `Remaining calls (r) and seconds to reset (t) per window.${when}`,
      required,
      schema: { type: 'string', pattern: '^"minute";r=\\d+;t=\\d+, "hour";r=\\d+;t=\\d+$' },
      example: RATE_LIMIT_EXAMPLE,
    },
    'RateLimit-Policy': {
      description: `Quota (q) per window of w seconds, of the key or organisation.${when}`,
      required,
      schema: { type: 'string', pattern: '^"minute";q=\\d+;w=60, "hour";q=\\d+;w=3600$' },
      example: RATE_LIMIT_POLICY_EXAMPLE,
    },
  };
}

const noStore = (description: string) => ({
  description,
  required: true,
  schema: { type: 'string', const: 'no-store' },
});

function success(
  description: string,
  schema: string,
  example: unknown,
  extraHeaders: Record<string, unknown> = {},
) {
  return {
    description,
    headers: { ...rateLimitHeaders(true), ...extraHeaders },
    content: { 'application/json': { schema: ref(schema), example } },
  };
}

/**
 * A problem+json answer. `codes` maps each code the status can carry to when it is sent; the
 * schema narrows `status` and `code` to them.
 */
function problem(
  status: number,
  summary: string,
  codes: Partial<Record<ProblemCode, string>>,
  options: { rateLimit?: 'always' | 'sometimes'; headers?: Record<string, unknown> } = {},
) {
  const list = Object.entries(codes)
    .map(([code, when]) => `\n- \`${code}\`: ${when}`)
    .join('');
  const headers = {
    ...(options.rateLimit ? rateLimitHeaders(options.rateLimit === 'always') : {}),
    ...options.headers,
  };
  return {
    description: `${summary}${list}`,
    ...(Object.keys(headers).length > 0 && { headers }),
    content: {
      'application/problem+json': {
        schema: {
          ...ref('Problem'),
          properties: { status: { const: status }, code: { enum: Object.keys(codes) } },
        },
      },
    },
  };
}

const BEFORE_AUTHENTICATION = 'answered before authentication';

const credentialErrors = {
  '401': problem(401, 'Missing, wrong, disabled or expired credentials', {
    unauthenticated: 'no Authorization header',
    client_id_mismatch: 'X-Client-Id missing, or not the organisation of the credentials',
    invalid_api_key: 'unknown or wrong credentials, or malformed Basic',
    invalid_token:
      'a bearer token that is invalid, expired, or ended by a secret rotation or its key switched off or deleted',
    key_inactive: 'the API key is disabled',
    key_expired: 'the API key has expired',
  }),
  '403': problem(403, 'Address, country or scope not allowed', {
    ip_not_allowed: "not in the key's allowed IPs or the organisation's trusted IPs",
    country_not_allowed: 'the country is blocked by the organisation',
    insufficient_scope: 'the key or token lacks the scope the operation needs',
  }),
  '429': problem(
    429,
    'Rate limit per minute or per hour exceeded',
    { rate_limited: 'retry after Retry-After seconds' },
    {
      rateLimit: 'always',
      headers: {
        'Retry-After': {
          description: 'Seconds until a call is admitted again',
          required: true,
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
  ),
  '500': problem(500, 'Unexpected server error', { internal_error: 'nothing the client can fix' }),
};

const bodyErrors = (send: string) => ({
  '413': problem(413, 'The body is over 64 KiB', { payload_too_large: BEFORE_AUTHENTICATION }),
  '415': problem(415, `A Content-Type the server does not parse; send ${send}`, {
    unsupported_media_type: BEFORE_AUTHENTICATION,
  }),
});

const tokenIdParameter = {
  name: 'token_id',
  in: 'path',
  required: true,
  description:
    'token_id (or reference_id) from generate. Over 64 characters: 400 validation_failed; ' +
    'over 100: 414 (the router refuses it)',
  schema: (fromZod(tokenIdParamsSchema, {}).properties as Record<string, JsonSchema>).token_id,
  example: EXAMPLE_TOKEN_ID,
};

const pathErrors = {
  '414': problem(414, 'token_id is over 100 characters', {
    bad_request: BEFORE_AUTHENTICATION,
  }),
};

/** Basic (key or organisation credentials) or an OAuth token with one of `anyOf`; always X-Client-Id. */
const security = (...anyOf: Scope[]) => [
  { basicAuth: [], clientId: [] },
  ...anyOf.map((scope) => ({ oauth2: [scope], clientId: [] })),
];

/** The OpenAPI 3.1 document of /v1, with request bodies generated from the validating schemas. */
export function buildOpenApiDocument(serverUrl: string) {
  const base = serverUrl.replace(/\/+$/, '');
  return {
    openapi: '3.1.0',
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
    components: {
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
      schemas: componentSchemas(),
    },
    paths: {
      '/v1/oauth/token': {
        post: {
          operationId: 'createAccessToken',
          summary: 'OAuth 2.0 client credentials (RFC 6749 section 4.4)',
          description:
            'Client authentication by HTTP Basic (`client_secret_basic`: ' +
            '`Authorization: Basic base64(client_id:client_secret)`, URL-encoded as RFC 6749 ' +
            '2.3.1 says) or in the body (`client_secret_post`), not both. The credentials are an ' +
            "API key with its api_secret, or the organisation's client_id with its " +
            'client_secret. No X-Client-Id; not billed.',
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: ref('OAuthTokenRequest'),
                example: examples.oauthRequest,
              },
              'application/json': {
                schema: ref('OAuthTokenRequest'),
                example: examples.oauthRequest,
              },
            },
          },
          responses: {
            '200': {
              description: 'An access token',
              headers: {
                'Cache-Control': noStore('Never cache the token'),
                Pragma: { required: true, schema: { type: 'string', const: 'no-cache' } },
              },
              content: {
                'application/json': {
                  schema: ref('OAuthTokenResponse'),
                  example: examples.oauthResponse,
                },
              },
            },
            '400': {
              description:
                'invalid_request (no grant_type, or Basic and client_secret together), ' +
                'unsupported_grant_type or invalid_scope (RFC 6749 5.2); a body that is not ' +
                'JSON answers problem+json invalid_json',
              content: {
                'application/json': {
                  schema: {
                    ...ref('OAuthError'),
                    properties: {
                      error: {
                        enum: ['invalid_request', 'unsupported_grant_type', 'invalid_scope'],
                      },
                    },
                  },
                  example: {
                    error: 'unsupported_grant_type',
                    error_description: 'Only client_credentials is supported',
                  },
                },
                'application/problem+json': {
                  schema: {
                    ...ref('Problem'),
                    properties: { status: { const: 400 }, code: { enum: ['invalid_json'] } },
                  },
                },
              },
            },
            '401': {
              description:
                'invalid_client: missing, malformed, unknown or wrong client credentials, or a ' +
                'disabled or expired API key',
              headers: {
                'WWW-Authenticate': {
                  description: 'When the client authenticated with HTTP Basic',
                  schema: { type: 'string', const: 'Basic realm="tanqin"' },
                },
              },
              content: {
                'application/json': {
                  schema: {
                    ...ref('OAuthError'),
                    properties: { error: { const: 'invalid_client' } },
                  },
                  example: {
                    error: 'invalid_client',
                    error_description: 'Invalid client credentials',
                  },
                },
              },
            },
            ...bodyErrors('application/x-www-form-urlencoded or application/json'),
            '500': credentialErrors['500'],
          },
        },
      },
      '/v1/tokens/generate': {
        post: {
          operationId: 'generateToken',
          summary: 'Issue a one-time code (scope token:generate)',
          security: security('token:generate'),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('GenerateTokenRequest'),
                example: examples.generateRequest,
              },
            },
          },
          responses: {
            '201': success(
              'The code, shown once; only its audience can verify it. Billed.',
              'GenerateTokenResponse',
              examples.generateResponse,
            ),
            '400': problem(
              400,
              'The body is not acceptable',
              {
                validation_failed: 'fields are invalid (see errors and detail_ar)',
                invalid_json: `the body is not JSON (${BEFORE_AUTHENTICATION})`,
                invalid_audience: 'audience is not the client_id of a registered organisation',
              },
              { rateLimit: 'sometimes' },
            ),
            ...credentialErrors,
            ...bodyErrors('application/json'),
          },
        },
      },
      '/v1/tokens/verify': {
        post: {
          operationId: 'verifyToken',
          summary: 'Verify and decrypt a code, once (scope token:verify)',
          security: security('token:verify'),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('VerifyTokenRequest'),
                example: examples.verifyRequest,
              },
            },
          },
          responses: {
            '200': success(
              'The shared data; the code is now used and its ciphertext deleted. Billed.',
              'VerifyTokenResponse',
              examples.verifyResponse,
              { 'Cache-Control': noStore('The answer carries personal data') },
            ),
            '400': problem(
              400,
              'The body or the code is not acceptable',
              {
                validation_failed: 'fields are invalid (see errors and detail_ar)',
                invalid_json: `the body is not JSON (${BEFORE_AUTHENTICATION})`,
                token_malformed: 'the check character does not match: a typo',
              },
              { rateLimit: 'sometimes' },
            ),
            '404': problem(
              404,
              'No such code for the caller',
              { token_not_found: 'unknown, or addressed to another organisation' },
              { rateLimit: 'always' },
            ),
            '410': problem(
              410,
              'The code no longer works',
              {
                token_used: 'already verified',
                token_expired: 'past expires_at',
                token_revoked: 'revoked by its issuer or the individual',
              },
              { rateLimit: 'always' },
            ),
            ...credentialErrors,
            ...bodyErrors('application/json'),
          },
        },
      },
      '/v1/tokens/{token_id}/status': {
        get: {
          operationId: 'getTokenStatus',
          summary:
            'Status of a code (scope token:verify or token:generate), for its issuer or audience',
          security: security('token:verify', 'token:generate'),
          parameters: [tokenIdParameter],
          responses: {
            '200': success('The status. Billed.', 'TokenStatusResponse', examples.statusResponse),
            '400': problem(
              400,
              'The token_id is not acceptable',
              {
                validation_failed: 'token_id is over 64 characters',
                bad_request: `token_id is not valid percent-encoding (${BEFORE_AUTHENTICATION})`,
              },
              { rateLimit: 'sometimes' },
            ),
            '404': problem(
              404,
              'No such code for the caller',
              { token_not_found: 'unknown, or neither issued by nor addressed to the caller' },
              { rateLimit: 'always' },
            ),
            ...credentialErrors,
            ...pathErrors,
          },
        },
      },
      '/v1/tokens/{token_id}/revoke': {
        post: {
          operationId: 'revokeToken',
          summary: 'Revoke an active code (scope token:revoke), issuer only',
          description:
            'Takes no body. Revoking an already revoked code answers 200 again (and is billed).',
          security: security('token:revoke'),
          parameters: [tokenIdParameter],
          responses: {
            '200': success(
              'Revoked; its ciphertext is deleted. Billed.',
              'RevokeTokenResponse',
              examples.revokeResponse,
            ),
            '400': problem(
              400,
              'The token_id or a body sent anyway is not acceptable',
              {
                validation_failed: 'token_id is over 64 characters',
                bad_request: `token_id is not valid percent-encoding (${BEFORE_AUTHENTICATION})`,
                invalid_json: `a body was sent as JSON and is not JSON (${BEFORE_AUTHENTICATION})`,
              },
              { rateLimit: 'sometimes' },
            ),
            '404': problem(
              404,
              'No such code issued by the caller',
              { token_not_found: 'unknown, or not issued by the caller' },
              { rateLimit: 'always' },
            ),
            '410': problem(
              410,
              'The code can no longer be revoked',
              { token_used: 'already verified', token_expired: 'past expires_at' },
              { rateLimit: 'always' },
            ),
            ...credentialErrors,
            ...bodyErrors('application/json'),
            ...pathErrors,
          },
        },
      },
    },
  };
}
