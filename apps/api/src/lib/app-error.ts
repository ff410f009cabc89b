import {
  type FieldError,
  type ProblemCode,
  problems,
  type ValidationMessageKey,
  validationMessages,
} from '@tanqin/shared';

export interface AppErrorDetails {
  /** A sentence more precise than the code's own, from the shared messages (e.g. a file limit). */
  detailKey?: ValidationMessageKey;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Overrides the code's status where one code answers with two (a wrong code at sign-in: 401). */
  status?: number;
}

/** The one error type of the API; the error handler turns it into problem+json. */
export class AppError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly extra: AppErrorDetails;

  /** `message` is the English `detail` for integrators; by default the code's own sentence. */
  constructor(code: ProblemCode, message: string = problems[code].en, extra: AppErrorDetails = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
    this.status = extra.status ?? problems[code].status;
  }

  /** The Arabic a person reads: the precise sentence, else the first invalid field's, else the code's. */
  get detailAr(): string {
    const key = this.extra.detailKey ?? this.extra.errors?.[0]?.code;
    if (key && Object.hasOwn(validationMessages, key)) {
      return validationMessages[key as ValidationMessageKey].ar;
    }
    return problems[this.code].ar;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
