/** Price of one billed /v1 call in riyal, as a decimal string (money is never a float). */
export const DEFAULT_PRICE_PER_CALL = '0.005';

export const ORGANIZATION_TYPES = ['government', 'private'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const TOKEN_STATUSES = ['active', 'used', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** Whose codes a person's history lists: any body, the ones that issued them, or used them. */
export const PERSONAL_CODE_BODY_ROLES = ['any', 'issuer', 'verifier'] as const;
export type PersonalCodeBodyRole = (typeof PERSONAL_CODE_BODY_ROLES)[number];

export const MEMBER_ROLES = ['owner', 'admin', 'developer', 'verifier', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const SCOPES = [
  'token:generate',
  'token:verify',
  'token:revoke',
  'organization:read',
  'organization:write',
  'analytics:read',
  'security:read',
  'security:write',
] as const;
export type Scope = (typeof SCOPES)[number];
export const DEFAULT_SCOPES: Scope[] = ['token:generate', 'token:verify'];

/**
 * An API key's mode. Test keys (`tqk_test_...`) are never billed, and their codes are test codes:
 * only test keys verify them, and test keys verify nothing else. The organisation's own client
 * credentials are live.
 */
export const KEY_MODES = ['live', 'test'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** The longest a one-time code can live (`expires_in`'s maximum, seconds). */
export const CODE_MAX_LIFETIME_SECONDS = 86_400;

/**
 * The codes list counts its matches up to this many: counting ten million codes read every one
 * (0.6 s of database CPU per page); past it the list says "more than".
 */
export const CODE_LIST_COUNT_CAP = 10_000;

export const DEFAULT_RATE_LIMIT_PER_HOUR = 1000;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

export const EVENT_TYPES = [
  'key_first_use',
  'new_ip_detected',
  'rate_limit_exceeded',
  'invalid_scope',
  'suspicious_activity',
  'geo_blocked',
  'ip_blocked',
  'key_disabled',
  'subject_locked',
  'misuse_reported',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type EventSeverity = (typeof EVENT_SEVERITIES)[number];

export const CONTACT_EMAIL = 'support@tanqin.sa';

/**
 * Messages one destination (a phone number or a mailbox, normalised) may receive in an hour and
 * in a day, whatever account, organisation or address asks for them (codes, invitations,
 * notification tests, password resets). Past it the caller gets 429 `destination_limited`.
 */
export const DESTINATION_MESSAGES_PER_HOUR = 5;
export const DESTINATION_MESSAGES_PER_DAY = 10;
/** Invitations one organisation sends an hour, to any addresses. */
export const INVITATIONS_PER_ORGANIZATION_PER_HOUR = 20;
