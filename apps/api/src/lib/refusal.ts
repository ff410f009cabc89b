import type { EventSeverity, EventType } from '@tanqin/shared';
import type { ApiCaller, RequestMeta } from './api-caller.ts';
import { AppError } from './app-error.ts';

/** The security event a refused call leaves (modules/security records it with the call's details). */
export interface RefusalEvent {
  type: EventType;
  severity: EventSeverity;
  description: string;
  additionalData?: Record<string, unknown>;
}

/** A refused /v1 call: its problem answer and the security event it leaves. */
export class Refusal extends AppError {
  readonly event: RefusalEvent;

  constructor(error: AppError, event: RefusalEvent) {
    super(error.code, error.message, error.extra);
    this.event = event;
  }
}

/** What a security event of a /v1 call says of the call: who, from where, which key. */
export function callEventDetails(caller: ApiCaller, meta: RequestMeta) {
  return {
    organizationId: caller.organizationId,
    clientIp: meta.ip,
    userAgent: meta.userAgent,
    requestPath: meta.path,
    requestMethod: meta.method,
    apiKeyId: caller.apiKeyId,
    apiKeyName: caller.keyName,
  };
}

/** The same for a refused call. */
export function refusedCallEvent(caller: ApiCaller, meta: RequestMeta) {
  return { ...callEventDetails(caller, meta), isBlockedRequest: true, isTest: caller.isTest };
}
