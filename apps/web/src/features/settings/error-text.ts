import { ApiError } from '../../lib/api-client.ts';
import { problemDetail } from '../../lib/language.ts';

type Translate = (key: string) => string;

/**
 * Why a settings call failed, in Arabic: the screen's own text for a known problem code, else the
 * server's reader-facing detail, else what the status means. Raw server English is never shown.
 */
export function reasonText(error: unknown, t: Translate, codeTexts: Record<string, string> = {}) {
  if (error instanceof ApiError) {
    const known = codeTexts[error.code];
    if (known) return known;
    const detail = problemDetail(error.problem);
    if (detail) return detail;
    if (error.status === 403) return t('settings:reasons.forbidden');
    if (error.status === 404) return t('settings:reasons.notFound');
    if (error.status === 429) return t('settings:reasons.tooManyRequests');
    return t('settings:reasons.server');
  }
  if (error instanceof TypeError) return t('settings:reasons.network');
  return t('settings:reasons.server');
}

/** "تعذر حفظ التغييرات: دورك في المنشأة لا يسمح بهذا الإجراء" */
export const failureText = (
  base: string,
  error: unknown,
  t: Translate,
  codeTexts?: Record<string, string>,
) => `${base}: ${reasonText(error, t, codeTexts)}`;
