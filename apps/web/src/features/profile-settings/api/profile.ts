import type {
  ChangePasswordInput,
  ConfirmContactInput,
  DisableTwoFactorInput,
  EnableTwoFactorInput,
  Profile,
  ProfileUpdateInput,
  SuccessOnly,
  TwoFactorEnabled,
  TwoFactorSetup,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROFILE_QUERY_KEY } from '../../../lib/api/personal-language.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const personal = { side: 'individual' } as const;

export const useProfile = () =>
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<Profile>('/api/v1/profile', { ...personal, signal }),
  });

/** PATCH /profile with the whole editable profile; the answer replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiRequest<Profile>('/api/v1/profile', { ...personal, method: 'PATCH', body: input }),
    onSuccess: (profile) => {
      if (profile && typeof profile === 'object' && 'firstName' in profile) {
        queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      } else void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}

/** POST /profile/contact/confirm: the code applies the pending email or phone. */
export function useConfirmContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmContactInput) =>
      apiRequest<Profile>('/api/v1/profile/contact/confirm', { ...personal, body: input }),
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<SuccessOnly>('/api/v1/profile/password', { ...personal, body: input }),
  });

export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: () =>
      apiRequest<TwoFactorSetup>('/api/v1/profile/2fa/setup', { ...personal, method: 'POST' }),
  });

function useTwoFactorChange<I, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiRequest<O>(path, { ...personal, body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}

export const useEnableTwoFactor = () =>
  useTwoFactorChange<EnableTwoFactorInput, TwoFactorEnabled>('/api/v1/profile/2fa/enable');

export const useDisableTwoFactor = () =>
  useTwoFactorChange<DisableTwoFactorInput, SuccessOnly>('/api/v1/profile/2fa/disable');
