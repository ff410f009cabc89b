import { type Language, messageText } from '@tanqin/shared';
import { useTranslation } from 'react-i18next';

/**
 * Turns a form error into its text. Schemas and the API carry message keys of
 * packages/shared, so the browser shows the spec's exact Arabic wording, as the server does.
 */
export function useFieldErrorText() {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  return (error?: { message?: string }) =>
    error?.message ? messageText(error.message, language) : undefined;
}
