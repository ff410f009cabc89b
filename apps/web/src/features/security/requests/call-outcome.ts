import { problemText } from '@tanqin/shared';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { RequestLogEntry } from '../api/get-request-log.ts';

export const isRefused = (call: Pick<RequestLogEntry, 'status'>) => call.status >= 400;

/**
 * Why a call was refused, in the reader's language, from the shared problem table: the sentence
 * of its problem code, or of its status when the code is not one the table knows.
 */
export const refusalReason = (call: Pick<RequestLogEntry, 'status' | 'code'>) =>
  problemText(call.code ?? '', currentLanguage(), call.status);
