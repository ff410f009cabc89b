import { type FieldError, isValidationMessageKey, messageText } from '@tanqin/shared';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses input with a shared schema; a failure becomes a 400 problem listing every field.
 * Routes declare their schemas instead (lib/contract.ts); this is for input checked before
 * Fastify validates, such as an upload's query read before its body.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationProblem(result.error);
}

/** The problem of a failed parse: `validation_failed` with every field, or `payload_too_deep`. */
export function validationProblem(error: z.ZodError): AppError {
  const errors: FieldError[] = error.issues.map((issue) =>
    isValidationMessageKey(issue.message)
      ? {
          path: issue.path.join('.'),
          code: issue.message,
          message: messageText(issue.message, 'en'),
        }
      : { path: issue.path.join('.'), code: 'invalidValue', message: issue.message },
  );
  const tooDeep = errors.find((field) => field.code === 'payloadTooDeep');
  if (tooDeep) {
    return new AppError('payload_too_deep', messageText(tooDeep.code, 'en'), { errors: [tooDeep] });
  }
  return new AppError('validation_failed', 'The request has invalid fields', { errors });
}
