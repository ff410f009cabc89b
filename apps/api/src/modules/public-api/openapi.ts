import { generateTokenSchema, verifyTokenSchema } from '@tanqin/shared';
import { z } from 'zod';

const problem = {
  type: 'object',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', description: 'Stable error code' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
} as const;

const problemResponse = (description: string, codes: string[]) => ({
  description: `${description} (code: ${codes.join(', ')})`,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

const pipelineErrors = {
  '401': problemResponse('Missing, invalid, disabled or expired credentials', [
    'unauthenticated',
    'invalid_api_key',
    'client_id_mismatch',
    'key_inactive',
    'key_expired',
  ]),
  '403': problemResponse('Address, country or scope not allowed', [
    'ip_not_allowed',
    'country_not_allowed',
    'insufficient_scope',
  ]),
  '429': {
    ...problemResponse('Rate limit per minute or per hour exceeded; see Retry-After', [
      'rate_limited',
    ]),
    headers: {
      'Retry-After': { schema: { type: 'integer' } },
      RateLimit: { schema: { type: 'string' } },
      'RateLimit-Policy': { schema: { type: 'string' } },
    },
  },
};

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });

const tokenIdParameter = {
  name: 'token_id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
};

/** The OpenAPI 3.1 document of /v1, with request bodies generated from the validating schemas. */
export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tanqin public token API',
      version: '1.0.0',
      description:
        'Issue and verify temporary, single-use, encrypted identity codes. Every call sends `X-Client-Id` ' +
        'and either HTTP Basic `api_key:api_secret` or a bearer token from `/v1/oauth/token`. ' +
        'Successful token calls are billed per call; refused and failed calls are not.',
    },
    servers: [{ url: serverUrl }],
    security: [
      { basicAuth: [], clientId: [] },
      { oauth2: [], clientId: [] },
    ],
    components: {
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'api_key as user name, api_secret as password',
        },
        clientId: { type: 'apiKey', in: 'header', name: 'X-Client-Id' },
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/v1/oauth/token', scopes: {} } },
        },
      },
      schemas: { Problem: problem },
    },
    paths: {
      '/v1/oauth/token': {
        post: {
          summary: 'OAuth 2.0 client credentials (RFC 6749 section 4.4)',
          security: [],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['grant_type'],
                  properties: {
                    grant_type: { const: 'client_credentials' },
                    client_id: { type: 'string' },
                    client_secret: { type: 'string' },
                    scope: { type: 'string' },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'An access token',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      access_token: { type: 'string' },
                      token_type: { const: 'Bearer' },
                      expires_in: { type: 'integer' },
                      scope: { type: 'string' },
                    },
                  },
                },
              },
            },
            '400': {
              description:
                'invalid_request, unsupported_grant_type or invalid_scope (RFC 6749 5.2)',
            },
            '401': { description: 'invalid_client (RFC 6749 5.2)' },
          },
        },
      },
      '/v1/tokens/generate': {
        post: {
          summary: 'Issue a one-time code (scope token:generate)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(generateTokenSchema) } },
          },
          responses: {
            '201': {
              description: 'The code, shown once; only its audience can verify it',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      success: { const: true },
                      token: { type: 'string', examples: ['7KQ4-M2XD-9HTV-CW3R-P'] },
                      token_id: { type: 'string' },
                      reference_id: { type: 'string' },
                      created_at: { type: 'string', format: 'date-time' },
                      expires_at: { type: 'string', format: 'date-time' },
                      message: { type: 'string' },
                    },
                  },
                },
              },
            },
            '400': problemResponse('Invalid body or unknown audience', [
              'validation_failed',
              'invalid_json',
              'invalid_audience',
            ]),
            ...pipelineErrors,
          },
        },
      },
      '/v1/tokens/verify': {
        post: {
          summary: 'Verify and decrypt a code, once (scope token:verify)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(verifyTokenSchema) } },
          },
          responses: {
            '200': {
              description: 'The shared data; the code is now used',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      success: { const: true },
                      token_id: { type: 'string' },
                      data: { type: 'object' },
                      data_scope: { type: 'array', items: { type: 'string' } },
                      issuer: {
                        type: 'object',
                        properties: { name: { type: 'string' }, client_id: { type: 'string' } },
                      },
                      verified_at: { type: 'string', format: 'date-time' },
                    },
                  },
                },
              },
            },
            '400': problemResponse('The check character does not match', [
              'token_malformed',
              'validation_failed',
            ]),
            '404': problemResponse('Unknown code, or not addressed to the caller', [
              'token_not_found',
            ]),
            '410': problemResponse('Used, expired or revoked', [
              'token_used',
              'token_expired',
              'token_revoked',
            ]),
            ...pipelineErrors,
          },
        },
      },
      '/v1/tokens/{token_id}/status': {
        get: {
          summary:
            'Status of a code (scope token:verify or token:generate), for its issuer or audience',
          parameters: [tokenIdParameter],
          responses: {
            '200': {
              description: 'The status',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      token_id: { type: 'string' },
                      status: { enum: ['active', 'used', 'expired', 'revoked'] },
                      created_at: { type: 'string', format: 'date-time' },
                      expires_at: { type: 'string', format: 'date-time' },
                      used_at: { type: ['string', 'null'], format: 'date-time' },
                      used_by: { type: ['object', 'null'] },
                    },
                  },
                },
              },
            },
            '404': problemResponse('Unknown token id', ['token_not_found']),
            ...pipelineErrors,
          },
        },
      },
      '/v1/tokens/{token_id}/revoke': {
        post: {
          summary: 'Revoke an active code (scope token:revoke), issuer only',
          parameters: [tokenIdParameter],
          responses: {
            '200': {
              description: 'Revoked; its ciphertext is deleted',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { success: { const: true }, status: { const: 'revoked' } },
                  },
                },
              },
            },
            '404': problemResponse('Unknown token id', ['token_not_found']),
            '410': problemResponse('Already used or expired', ['token_used', 'token_expired']),
            ...pipelineErrors,
          },
        },
      },
    },
  };
}
