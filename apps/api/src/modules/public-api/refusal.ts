import { AppError } from '../../lib/app-error.ts';
import type { SecurityEventInput } from '../security/security-events.service.ts';
import type { ApiCaller, RequestMeta } from './caller.ts';

/** A refused /v1 call: its problem answer and the security event it leaves. */
export class Refusal extends AppError {
  readonly event: Pick<SecurityEventInput, 'type' | 'severity' | 'description'> & {
    additionalData?: Record<string, unknown>;
  };

  constructor(
    error: AppError,
    event: Pick<SecurityEventInput, 'type' | 'severity' | 'description'> & {
      additionalData?: Record<string, unknown>;
    },
  ) {
    super(error.code, error.message, error.extra);
    this.event = event;
  }
}

/** What every security event of a refused /v1 call says of the call: who, from where, which key. */
export function refusedCallEvent(caller: ApiCaller, meta: RequestMeta) {
  return {
    organizationId: caller.organizationId,
    clientIp: meta.ip,
    userAgent: meta.userAgent,
    requestPath: meta.path,
    requestMethod: meta.method,
    apiKeyId: caller.apiKeyId,
    apiKeyName: caller.keyName,
    isBlockedRequest: true,
    isTest: caller.isTest,
  } satisfies Partial<SecurityEventInput>;
}
