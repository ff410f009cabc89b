import { type FieldError, isValidationMessageKey, messageText } from '@tanqin/shared';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses input with a shared schema; a failure becomes a 400 problem listing every field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) =>
    isValidationMessageKey(issue.message)
      ? {
          path: issue.path.join('.'),
          code: issue.message,
          message: messageText(issue.message, 'en'),
        }
      : { path: issue.path.join('.'), code: 'invalidValue', message: issue.message },
  );
  const first = errors[0];
  throw new AppError('validation_failed', 'The request has invalid fields', {
    errors,
    detailAr: first ? messageText(first.code, 'ar') : undefined,
  });
}
