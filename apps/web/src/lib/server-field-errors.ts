import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * A 400 names the fields it refused: each message key goes under its own field of the form
 * (fields the form does not have are left to the general error message).
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly string[],
  { focusFirst = false }: { focusFirst?: boolean } = {},
) {
  if (!(error instanceof ApiError)) return;
  error.fieldErrors
    .filter(({ path }) => formFields.includes(path))
    .forEach(({ path, code }, index) => {
      setError(
        path as FieldPath<T>,
        { type: 'server', message: code },
        { shouldFocus: focusFirst && index === 0 },
      );
    });
}
