import { type FieldError, type ProblemCode, problemCodes } from '@tanqin/shared';

/** The one error type of the API; the error handler turns it into problem+json. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly extra: {
      detailAr?: string;
      errors?: FieldError[];
      headers?: Record<string, string>;
      status?: number;
    } = {},
  ) {
    super(message);
    this.status = extra.status ?? problemCodes[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
