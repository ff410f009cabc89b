import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/** The server's Arabic text (its `detail` in English), else a reading of the status, else `fallback`. */
export function profileErrorText(
  error: unknown,
  fallback: string,
  t: TFunction<'profile'>,
  language = 'ar',
) {
  if (error instanceof ApiError) {
    const arabic = error.problem?.detail_ar?.trim();
    if (language !== 'en' && arabic) return arabic;
    if (language === 'en' && error.problem?.detail) return error.problem.detail;
    if (error.status === 429) return t('errors.tooManyRequests');
    if (error.status >= 500) return t('errors.server');
    return fallback;
  }
  if (error instanceof TypeError) return t('errors.network');
  return fallback;
}
