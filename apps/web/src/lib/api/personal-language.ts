import type { Profile } from '@tanqin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast.tsx';
import { apiRequest } from '../api-client.ts';
import { type AppLanguage, setLanguage } from '../i18n.ts';
import { failureReason } from '../problem-text.ts';

/** The signed-in person's profile in the query cache (features/profile-settings reads it). */
export const PROFILE_QUERY_KEY = ['personal', 'profile'] as const;

/**
 * The language switch of the signed-in person's header. The interface language and the
 * profile's language are one preference: the switch changes the interface at once and saves it
 * (PUT /profile/language); the cached profile takes the answer, so the profile page shows it and
 * a later save there keeps it. Unsaved (offline, say), the interface still switches and a toast
 * says the preference was not saved and why.
 */
export function usePersonalLanguageSwitch() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return async (language: AppLanguage) => {
    await setLanguage(language);
    try {
      const profile = await apiRequest<Profile>('/api/v1/profile/language', {
        side: 'individual',
        method: 'PUT',
        body: { language },
      });
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
    } catch (error) {
      // The next switch or profile save saves it; sign-in applies the saved one meanwhile.
      // Told in the language just chosen: the interface already speaks it.
      const t = i18n.getFixedT(language, 'personalLayout');
      toast.error(t('languageNotSaved', { reason: failureReason(error) }));
    }
  };
}
