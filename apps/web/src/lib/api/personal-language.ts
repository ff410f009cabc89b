import type { Profile } from '@tanqin/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, apiRequest } from '../api-client.ts';
import i18n, { type AppLanguage } from '../i18n.ts';
import { failureReason } from '../problem-text.ts';

/** The signed-in person's profile in the query cache (features/profile-settings reads it). */
export const PROFILE_QUERY_KEY = ['personal', 'profile'] as const;

/**
 * Saves the language a signed-in person switched to as their profile's (PUT /profile/language):
 * the interface language and the profile's are one preference, followed on every device they
 * sign in on and by their messages. The cached profile takes the answer, so the profile page
 * shows it and a later save there keeps it. Unsaved (offline, say), a toast says so and why; a
 * session found ended leaves the choice to this browser, quietly, whatever page it was made on.
 */
export async function saveProfileLanguage(language: AppLanguage, queryClient: QueryClient) {
  try {
    const profile = await apiRequest<Profile>('/api/v1/profile/language', {
      side: 'individual',
      method: 'PUT',
      body: { language },
      staysOnSessionLoss: true,
    });
    queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    // The next switch or profile save saves it; sign-in applies the saved one meanwhile.
    // Told in the language just chosen: the interface already speaks it.
    await i18n.loadNamespaces('personalLayout');
    const t = i18n.getFixedT(language, 'personalLayout');
    toast.error(t('languageNotSaved', { reason: failureReason(error) }));
  }
}
