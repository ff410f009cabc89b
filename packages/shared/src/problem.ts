/**
 * Stable error codes of every problem+json answer (RFC 9457), with their HTTP status.
 * One table, so a code always means the same status everywhere.
 */
export const problemCodes = {
  validation_failed: 400,
  bad_request: 400,
  invalid_json: 400,
  payload_too_deep: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  unsupported_file_type: 415,
  unauthenticated: 401,
  invalid_credentials: 401,
  session_expired: 401,
  forbidden: 403,
  account_unconfirmed: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  organization_exists: 409,
  email_taken: 409,
  national_id_taken: 409,
  invalid_code: 400,
  code_expired: 410,
  reset_token_invalid: 400,
  current_password_invalid: 400,
  two_factor_already_enabled: 409,
  two_factor_not_enabled: 409,
  already_member: 409,
  invitation_pending: 409,
  last_owner: 409,
  invitation_invalid: 404,
  mail_unavailable: 503,
  too_many_requests: 429,
  account_locked: 429,
  invalid_api_key: 401,
  key_inactive: 401,
  key_expired: 401,
  client_id_mismatch: 401,
  ip_not_allowed: 403,
  country_not_allowed: 403,
  insufficient_scope: 403,
  rate_limited: 429,
  invalid_audience: 400,
  token_malformed: 400,
  token_not_found: 404,
  token_used: 410,
  token_expired: 410,
  token_revoked: 410,
  delivery_pending: 409,
  document_verified: 409,
  internal_error: 500,
} as const;

export type ProblemCode = keyof typeof problemCodes;

export interface FieldError {
  /** Dotted path of the field, e.g. `adminDetails.email`. */
  path: string;
  /** Validation message key (see messages.ts); `invalidValue` when the schema has no own message. */
  code: string;
  /** English text of the message, for integrators reading the raw answer. */
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ProblemCode | (string & {});
  errors?: FieldError[];
  /** Arabic text the web app may show as is. */
  detail_ar?: string;
}
