/**
 * The public types of the token API (/v1), as they travel over the wire: snake_case fields and
 * ISO 8601 date-time strings, exactly what the server sends. They are written out here rather
 * than imported from @tanqin/shared so the SDK stays a standalone, dependency-free package;
 * `types.test.ts` checks them against the server's own schemas so they cannot drift.
 */

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** Body of POST /v1/tokens/generate. */
export interface GenerateTokenInput {
  /** The shared data: 1 to 50 fields; names are letters, digits, `_ . -` (max 64). */
  data: Record<string, JsonValue>;
  /** Data scopes as a list or as comma-separated text, e.g. `['identity']` or `'identity,contact'`. */
  data_scope?: string[] | string;
  /** Lifetime in seconds, 60 to 86400; the server's default is 3600. */
  expires_in?: number;
  /** Codes are always single use; the field is accepted for clarity and must be `true`. */
  one_time_use?: true;
  /** The `client_id` of the organisation that may verify the code; default: the issuer itself. */
  audience?: string;
  /** Who the code is for: the national id (10 digits, stored only as a keyed hash) and/or your own user id. */
  subject?: { national_id?: string; user_id?: string };
  /**
   * Answering a verification request: its id (then `match_number` is required). The code goes
   * to the request's audience, and `data` may hold only the requested fields.
   */
  request_id?: string;
  /** The number (two digits) the person picked in your app; a wrong one is 403 `match_failed`. */
  match_number?: string;
}

/** 201 answer of POST /v1/tokens/generate. */
export interface GenerateTokenResult {
  success: true;
  /** The one-time code, `XXXX-XXXX-XXXX-XXXX-C`: shown once, stored by nobody. */
  token: string;
  /** Non-secret id for status and revoke calls. */
  token_id: string;
  /** The same value as `token_id`. */
  reference_id: string;
  created_at: string;
  expires_at: string;
  message: string;
}

/** 200 answer of POST /v1/tokens/verify. `T` is the shape you expect in `data`. */
export interface VerifyTokenResult<T = Record<string, JsonValue>> {
  success: true;
  token_id: string;
  data: T;
  data_scope: string[];
  issuer: { name: string; client_id: string };
  verified_at: string;
}

/**
 * The raw 200 answer of verify for a code whose audience registered an encryption key: the data
 * sealed to that key (`openSealedData` opens it). `tokens.verify` opens it for you when the
 * client has `privateKey`.
 */
export interface SealedVerifyTokenResult {
  success: true;
  token_id: string;
  encryption: 'hpke';
  /** The encapsulated key, base64url. */
  enc: string;
  /** The sealed data, base64url. */
  ciphertext: string;
  data_scope: string[];
  issuer: { name: string; client_id: string };
  verified_at: string;
}

export type TokenStatus = 'active' | 'used' | 'expired' | 'revoked';

/** 200 answer of GET /v1/tokens/{token_id}/status. */
export interface TokenStatusResult {
  token_id: string;
  status: TokenStatus;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The organisation that verified the code, once it is used. */
  used_by: { name: string; client_id: string } | null;
}

/** 200 answer of POST /v1/tokens/{token_id}/revoke (also when the code was already revoked). */
export interface RevokeTokenResult {
  success: true;
  status: 'revoked';
}

export type VerificationRequestStatus = 'pending' | 'fulfilled' | 'expired' | 'cancelled';

/** Body of POST /v1/verification-requests. */
export interface CreateVerificationRequestInput {
  /** The fields asked for: 1 to 20 different names (the field catalogue's, or your own). */
  fields: string[];
  /** Why the data is needed, 1 to 200 characters: shown to the person. */
  purpose: string;
  /** Lifetime in seconds, 60 to 3600; the server's default is 600. */
  expires_in?: number;
  /** The person expected to answer (the answering code must name the same national id). */
  subject?: { national_id: string };
}

/** A verification request as its audience reads it. */
export interface VerificationRequestResult {
  viewer: 'audience';
  request_id: string;
  status: VerificationRequestStatus;
  fields: string[];
  purpose: string;
  created_at: string;
  expires_at: string;
  /** The public page of the request: show its QR at a counter. */
  link: string;
  /** The number to show the person (10-99), who picks it in the answering app. */
  match_number: string;
  /** The answering code's id once fulfilled. */
  token_id: string | null;
  /** The answering code once fulfilled, until it is used or expires: verify it. */
  token: string | null;
}

/** A verification request as an issuer about to answer reads it: no number, no code. */
export interface VerificationRequestForIssuerResult {
  viewer: 'issuer';
  request_id: string;
  status: VerificationRequestStatus;
  fields: string[];
  purpose: string;
  created_at: string;
  expires_at: string;
  link: string;
  /** Three numbers to offer the person: the audience's and two others. Send the one picked. */
  match_choices: string[];
  /** The organisation asking, by its verified name. */
  audience: { name: string; client_id: string };
}

/** 200 answer of POST /v1/oauth/token. */
export interface AccessTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

/** A field-level validation error inside a `validation_failed` problem. */
export interface FieldError {
  path: string;
  code: string;
  message: string;
}

/** An RFC 9457 problem+json body as the API sends it. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  errors?: FieldError[];
  detail_ar?: string;
}

/**
 * The stable problem codes the token API can answer with. Codes are open-ended (a newer server
 * may add one), so compare against these but expect any string.
 */
export type TanqinErrorCode =
  | 'validation_failed'
  | 'bad_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'route_not_found'
  | 'method_not_allowed'
  | 'unauthenticated'
  | 'invalid_api_key'
  | 'invalid_token'
  | 'key_inactive'
  | 'key_expired'
  | 'client_id_mismatch'
  | 'ip_not_allowed'
  | 'country_not_allowed'
  | 'insufficient_scope'
  | 'rate_limited'
  | 'invalid_audience'
  | 'test_national_id_required'
  | 'test_national_id_in_live'
  | 'token_malformed'
  | 'token_not_found'
  | 'token_used'
  | 'token_expired'
  | 'token_revoked'
  | 'subject_locked'
  | 'verification_request_not_found'
  | 'match_failed'
  | 'request_fulfilled'
  | 'request_expired'
  | 'request_cancelled'
  | 'audience_mismatch'
  | 'field_not_requested'
  | 'subject_mismatch'
  | 'internal_error'
  | 'overloaded';
