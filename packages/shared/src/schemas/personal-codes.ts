import { z } from 'zod';
import { text } from './text.ts';
import type { TokenStatus } from './tokens.ts';

/**
 * What an individual sees of the codes issued for them (GET /api/v1/me/codes): metadata and the
 * audit trail, field names only, never the code or any value.
 */

/** One entry of a code's trail, read from the tamper-evident audit chain. */
export const PERSONAL_CODE_TRAIL_ACTIONS = [
  'generated',
  'verified',
  'verify_refused',
  'revoked',
  'expired',
] as const;
export type PersonalCodeTrailAction = (typeof PERSONAL_CODE_TRAIL_ACTIONS)[number];

export interface PersonalCodeTrailEntry {
  action: PersonalCodeTrailAction;
  at: string;
  /** The body that acted (issued, verified, tried to verify, revoked); null for the system or you. */
  organization_name: string | null;
  /** Who acted: an organisation, you (revocation from your page), or the system (expiry). */
  actor_type: 'organization' | 'individual' | 'system';
  /** Field names involved (generated, verified); null otherwise. */
  fields: string[] | null;
  /** Why a verify was refused: wrong_audience, token_used, token_expired, token_revoked. */
  reason: string | null;
}

export interface PersonalCode {
  id: string;
  issuer: { name: string; type: 'government' | 'private' };
  audience: { name: string };
  /** An active code past its expiry counts as expired, as everywhere else. */
  status: TokenStatus;
  data_fields: string[];
  data_scope: string[];
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: { name: string } | null;
  revoked_at: string | null;
  trail: PersonalCodeTrailEntry[];
}

export interface PersonalCodeList {
  codes: PersonalCode[];
}

/** 200 of POST /api/v1/me/codes/:id/revoke. */
export interface PersonalCodeRevokeResult {
  success: true;
  code: PersonalCode;
}

/** The path parameter of the personal code routes: a token id. */
export const personalCodeParamsSchema = z.object({
  id: text().regex(/^tok_[A-Za-z0-9_-]{1,64}$/, 'not a code id'),
});
