import { problemText, SUCCESS_OUTCOME } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { OTHER_REFUSALS } from './chart-data.ts';

/**
 * The name of an outcome in the charts: a short label for the refusals a /v1 caller meets, the
 * problem table's sentence for any other code.
 */
export function useOutcomeLabel() {
  const { t, i18n } = useTranslation('requests');
  return (outcome: string) => {
    if (outcome === SUCCESS_OUTCOME || outcome === OTHER_REFUSALS) {
      return t(`analytics.outcomes.${outcome}`);
    }
    const key = `analytics.outcomes.${outcome}`;
    return i18n.exists(key, { ns: 'requests' }) ? t(key) : problemText(outcome, currentLanguage());
  };
}
