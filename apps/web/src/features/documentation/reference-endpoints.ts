import type { Scope } from '@tanqin/shared';

/**
 * The public API as the API reference guide explains it, endpoint by endpoint. It is written
 * out (the Arabic explanations cannot come from the OpenAPI document) and
 * apps/api/test/openapi-documents.test.ts checks it against the server's own OpenAPI document, so the
 * guide cannot drift from what the server does.
 */
export interface ReferenceEndpoint {
  id:
    | 'oauthToken'
    | 'generate'
    | 'verify'
    | 'status'
    | 'revoke'
    | 'receipt'
    | 'latestCheckpoint'
    | 'checkpoint'
    | 'consistency'
    | 'auditOrganization'
    | 'createRequest'
    | 'getRequest'
    | 'cancelRequest';
  method: 'GET' | 'POST';
  path: string;
  /** Any one of these scopes admits the call; null for the OAuth token endpoint. */
  scopes: Scope[] | null;
  /** True: anyone may call it, with no credentials (the audit log's public side). */
  isPublic?: boolean;
  pathParams: string[];
  /** Accepted content types, the preferred one first, and the fields. */
  body: { contentTypes: string[]; fields: Array<{ name: string; required?: boolean }> } | null;
  success: { status: number; fields: string[] };
  /** Every refusal, with its stable codes, as the server answers it. */
  errors: Array<{ status: number; codes: string[] }>;
}

/** Refusals of the /v1 pipeline that every token call can answer with. */
export const PIPELINE_ERRORS: ReferenceEndpoint['errors'] = [
  {
    status: 401,
    codes: [
      'unauthenticated',
      'invalid_api_key',
      'invalid_token',
      'client_id_mismatch',
      'key_inactive',
      'key_expired',
    ],
  },
  { status: 403, codes: ['ip_not_allowed', 'country_not_allowed', 'insufficient_scope'] },
  { status: 429, codes: ['rate_limited'] },
  { status: 500, codes: ['internal_error'] },
  { status: 503, codes: ['overloaded'] },
];

/** A body the server cannot take, refused before authentication. */
const BODY_ERRORS: ReferenceEndpoint['errors'] = [
  { status: 413, codes: ['payload_too_large'] },
  { status: 415, codes: ['unsupported_media_type'] },
];

/** A token_id over 100 characters, refused by the router. */
const PATH_ERRORS: ReferenceEndpoint['errors'] = [{ status: 414, codes: ['uri_too_long'] }];

const json = 'application/json';

/** The audience's view of a verification request. */
const REQUEST_FIELDS = [
  'viewer',
  'request_id',
  'status',
  'fields',
  'purpose',
  'created_at',
  'expires_at',
  'link',
  'match_number',
  'token_id',
  'token',
] as const;

export const REFERENCE_ENDPOINTS: ReferenceEndpoint[] = [
  {
    id: 'generate',
    method: 'POST',
    path: '/v1/tokens/generate',
    scopes: ['token:generate'],
    pathParams: [],
    body: {
      contentTypes: [json],
      fields: [
        { name: 'data', required: true },
        { name: 'data_scope' },
        { name: 'expires_in' },
        { name: 'one_time_use' },
        { name: 'audience' },
        { name: 'subject' },
        { name: 'request_id' },
        { name: 'match_number' },
      ],
    },
    success: {
      status: 201,
      fields: [
        'success',
        'token',
        'token_id',
        'reference_id',
        'created_at',
        'expires_at',
        'message',
      ],
    },
    errors: [
      {
        status: 400,
        codes: [
          'validation_failed',
          'payload_too_deep',
          'invalid_json',
          'invalid_audience',
          'test_national_id_required',
          'test_national_id_in_live',
          // Answering a verification request (request_id and match_number).
          'audience_mismatch',
          'field_not_requested',
          'subject_mismatch',
        ],
      },
      // The holder of subject.national_id may have locked it; the number picked may be wrong.
      ...PIPELINE_ERRORS.map((error) =>
        error.status === 403
          ? { ...error, codes: [...error.codes, 'subject_locked', 'match_failed'] }
          : error,
      ),
      { status: 404, codes: ['verification_request_not_found'] },
      { status: 409, codes: ['request_fulfilled'] },
      { status: 410, codes: ['request_expired', 'request_cancelled'] },
      ...BODY_ERRORS,
    ],
  },
  {
    id: 'verify',
    method: 'POST',
    path: '/v1/tokens/verify',
    scopes: ['token:verify'],
    pathParams: [],
    body: { contentTypes: [json], fields: [{ name: 'token', required: true }] },
    success: {
      status: 200,
      fields: ['success', 'token_id', 'data', 'data_scope', 'issuer', 'verified_at'],
    },
    errors: [
      { status: 400, codes: ['validation_failed', 'invalid_json', 'token_malformed'] },
      { status: 404, codes: ['token_not_found'] },
      { status: 410, codes: ['token_used', 'token_expired', 'token_revoked'] },
      // A code issued for a national id its holder has since locked: nothing is used.
      ...PIPELINE_ERRORS.map((error) =>
        error.status === 403 ? { ...error, codes: [...error.codes, 'subject_locked'] } : error,
      ),
      ...BODY_ERRORS,
    ],
  },
  {
    id: 'status',
    method: 'GET',
    path: '/v1/tokens/{token_id}/status',
    scopes: ['token:verify', 'token:generate'],
    pathParams: ['token_id'],
    body: null,
    success: {
      status: 200,
      fields: ['token_id', 'status', 'created_at', 'expires_at', 'used_at', 'used_by'],
    },
    errors: [
      { status: 400, codes: ['validation_failed', 'bad_request'] },
      { status: 404, codes: ['token_not_found'] },
      ...PIPELINE_ERRORS,
      ...PATH_ERRORS,
    ],
  },
  {
    id: 'revoke',
    method: 'POST',
    path: '/v1/tokens/{token_id}/revoke',
    scopes: ['token:revoke'],
    pathParams: ['token_id'],
    body: null,
    success: { status: 200, fields: ['success', 'status'] },
    errors: [
      { status: 400, codes: ['validation_failed', 'bad_request', 'invalid_json'] },
      { status: 404, codes: ['token_not_found'] },
      { status: 410, codes: ['token_used', 'token_expired'] },
      ...PIPELINE_ERRORS,
      ...BODY_ERRORS,
      ...PATH_ERRORS,
    ],
  },
  {
    id: 'receipt',
    method: 'GET',
    path: '/v1/tokens/{token_id}/receipt',
    scopes: ['token:verify', 'token:generate'],
    pathParams: ['token_id'],
    body: null,
    success: { status: 200, fields: ['token_id', 'entries', 'pending'] },
    errors: [
      { status: 400, codes: ['validation_failed', 'bad_request'] },
      { status: 404, codes: ['token_not_found'] },
      ...PIPELINE_ERRORS,
      ...PATH_ERRORS,
    ],
  },
  {
    id: 'oauthToken',
    method: 'POST',
    path: '/v1/oauth/token',
    scopes: null,
    pathParams: [],
    body: {
      contentTypes: ['application/x-www-form-urlencoded', json],
      fields: [
        { name: 'grant_type', required: true },
        { name: 'client_id' },
        { name: 'client_secret' },
        { name: 'scope' },
      ],
    },
    success: { status: 200, fields: ['access_token', 'token_type', 'expires_in', 'scope'] },
    errors: [
      { status: 400, codes: ['invalid_request', 'unsupported_grant_type', 'invalid_scope'] },
      { status: 401, codes: ['invalid_client'] },
      // RFC 6749 errors whatever fails: a body the server cannot take, a server error.
      { status: 413, codes: ['invalid_request'] },
      { status: 415, codes: ['invalid_request'] },
      { status: 500, codes: ['server_error'] },
      { status: 503, codes: ['temporarily_unavailable'] },
    ],
  },
  {
    id: 'latestCheckpoint',
    method: 'GET',
    path: '/v1/audit/checkpoints/latest',
    scopes: null,
    isPublic: true,
    pathParams: [],
    body: null,
    success: { status: 200, fields: [] },
    errors: [
      { status: 404, codes: ['not_found'] },
      { status: 500, codes: ['internal_error'] },
      { status: 503, codes: ['overloaded'] },
    ],
  },
  {
    id: 'checkpoint',
    method: 'GET',
    path: '/v1/audit/checkpoints/{id}',
    scopes: null,
    isPublic: true,
    pathParams: ['id'],
    body: null,
    success: { status: 200, fields: [] },
    errors: [
      { status: 400, codes: ['validation_failed'] },
      { status: 404, codes: ['not_found'] },
      { status: 500, codes: ['internal_error'] },
      { status: 503, codes: ['overloaded'] },
    ],
  },
  {
    id: 'consistency',
    method: 'GET',
    path: '/v1/audit/consistency',
    scopes: null,
    isPublic: true,
    pathParams: [],
    body: null,
    success: { status: 200, fields: ['from_size', 'to_size', 'proof'] },
    errors: [
      { status: 400, codes: ['validation_failed'] },
      { status: 404, codes: ['not_found'] },
      { status: 500, codes: ['internal_error'] },
      { status: 503, codes: ['overloaded'] },
    ],
  },
  {
    id: 'auditOrganization',
    method: 'GET',
    path: '/v1/audit/organizations/{organization_id}',
    scopes: null,
    isPublic: true,
    pathParams: ['organization_id'],
    body: null,
    success: { status: 200, fields: ['id', 'name', 'type'] },
    errors: [
      { status: 400, codes: ['validation_failed'] },
      { status: 404, codes: ['not_found'] },
      { status: 500, codes: ['internal_error'] },
      { status: 503, codes: ['overloaded'] },
    ],
  },
  {
    id: 'createRequest',
    method: 'POST',
    path: '/v1/verification-requests',
    scopes: ['token:verify'],
    pathParams: [],
    body: {
      contentTypes: [json],
      fields: [
        { name: 'fields', required: true },
        { name: 'purpose', required: true },
        { name: 'expires_in' },
        { name: 'subject' },
      ],
    },
    success: { status: 201, fields: [...REQUEST_FIELDS] },
    errors: [
      { status: 400, codes: ['validation_failed', 'invalid_json'] },
      ...PIPELINE_ERRORS,
      ...BODY_ERRORS,
    ],
  },
  {
    id: 'getRequest',
    method: 'GET',
    path: '/v1/verification-requests/{request_id}',
    scopes: ['token:verify', 'token:generate'],
    pathParams: ['request_id'],
    body: null,
    success: { status: 200, fields: [...REQUEST_FIELDS] },
    errors: [
      { status: 400, codes: ['validation_failed', 'bad_request'] },
      { status: 404, codes: ['verification_request_not_found'] },
      ...PIPELINE_ERRORS,
      ...PATH_ERRORS,
    ],
  },
  {
    id: 'cancelRequest',
    method: 'POST',
    path: '/v1/verification-requests/{request_id}/cancel',
    scopes: ['token:verify'],
    pathParams: ['request_id'],
    body: null,
    success: { status: 200, fields: [...REQUEST_FIELDS] },
    errors: [
      { status: 400, codes: ['validation_failed', 'bad_request', 'invalid_json'] },
      { status: 404, codes: ['verification_request_not_found'] },
      { status: 409, codes: ['request_fulfilled'] },
      { status: 410, codes: ['request_expired'] },
      ...PIPELINE_ERRORS,
      ...BODY_ERRORS,
      ...PATH_ERRORS,
    ],
  },
];
