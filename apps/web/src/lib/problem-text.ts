import { isProblemCode, messageText, problems, problemText } from '@tanqin/shared';
import { ApiError } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

/**
 * What to tell a person about a failed call, in the page's language, from the shared problem
 * table (packages/shared/src/problem.ts): a refused field's message when the server named one,
 * else the sentence of the answer's code. The server's English `detail` is for integrators and
 * is never shown. `fallback` is the screen's own sentence for what the table cannot name (a code
 * it does not know, a failure that is neither an answer nor a lost connection); without one,
 * such a failure reads as the general problem of its status.
 */
export function failureReason(error: unknown, fallback?: string): string {
  const language = currentLanguage();
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0];
    if (field) return messageText(field.code, language);
    if (isProblemCode(error.code)) return problems[error.code][language];
    return fallback ?? problemText(error.code, language, error.status);
  }
  // fetch rejects with a TypeError when the server cannot be reached at all: the browser may know
  // it is offline.
  if (error instanceof TypeError) {
    return messageText(navigator.onLine ? 'networkUnavailable' : 'offline', language);
  }
  return fallback ?? problemText('internal_error', language);
}

/** "تعذر حفظ التغييرات: صلاحياتك لا تسمح بهذا الإجراء": a screen's failure, then its reason. */
export const failureText = (failure: string, error: unknown) =>
  `${failure}: ${failureReason(error)}`;

/** Seconds to wait before trying again, from the Retry-After header of a 429. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return error.retryAfter ? Math.ceil(error.retryAfter) : undefined;
}
