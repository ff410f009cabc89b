import { ApiError } from '../../../lib/api-client.ts';
import { problemDetail } from '../../../lib/language.ts';

type Translate = (key: string) => string;

/**
 * The spec's failure text, followed by the reason when we know one in Arabic: the server's own
 * Arabic detail, or what its status means. Raw server English is never shown.
 */
export function failureMessage(base: string, error: unknown, t: Translate) {
  let reason: string | undefined;
  if (error instanceof ApiError) {
    if (problemDetail(error.problem)) reason = problemDetail(error.problem);
    else if (error.status === 403) reason = t('failureReasons.forbidden');
    else if (error.status === 404) reason = t('failureReasons.notFound');
    else if (error.status === 429) reason = t('failureReasons.tooManyRequests');
    else if (error.status >= 500) reason = t('failureReasons.server');
  } else if (error instanceof TypeError) {
    reason = t('failureReasons.network');
  }
  return reason ? `${base}: ${reason}` : base;
}
