import { AppError } from '../../lib/app-error.ts';
import type { SecurityEventInput } from '../security/security-events.service.ts';

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
