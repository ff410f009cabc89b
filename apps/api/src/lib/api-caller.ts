import type { Scope } from '@tanqin/shared';

/** Who is calling /v1, after authentication: an API key, or the organisation's own credentials. */
export interface ApiCaller {
  organizationId: string;
  clientId: string;
  apiKeyId: string | null;
  keyName: string | null;
  scopes: Scope[];
  ratePerMinute: number;
  ratePerHour: number;
  allowedIps: string[] | null;
  /**
   * A test-mode key (`tqk_test_`): its calls are never billed (`isBilled` in
   * wallet/billing.service.ts decides, for every billed operation) and it sees only test codes.
   */
  isTest: boolean;
  /** Who the audit log names, when not a key: e.g. `user:<id>` for staff on the dashboard. */
  actor?: string;
}

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  path: string;
  method: string;
}
