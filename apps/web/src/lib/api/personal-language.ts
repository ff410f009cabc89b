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
 * session found ended or not confirmed yet leaves the choice to this browser, quietly.
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
    // No session, or a registration's not yet confirmed (its code step has the switch too): the
    // choice stays in this browser, as on a public page; registering already sent the language.
    if (
      error instanceof ApiError &&
      (error.status === 401 || error.code === 'account_unconfirmed')
    ) {
      return;
    }
    // The next switch or profile save saves it; sign-in applies the saved one meanwhile.
    // Told in the language just chosen: the interface already speaks it.
    await i18n.loadNamespaces('personalLayout');
    const t = i18n.getFixedT(language, 'personalLayout');
    toast.error(t('languageNotSaved', { reason: failureReason(error) }));
  }
}
