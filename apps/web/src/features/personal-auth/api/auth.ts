import type {
  CodeResent,
  ForgotPasswordInput,
  IndividualConfirmed,
  IndividualRegistrationInput,
  LoginAnswer,
  LoginRequestInput,
  Registered,
  ResendCodeInput,
  ResetPasswordInput,
  ResetTokenCheckInput,
  ResetTokenStatus,
  SignedIn,
  SuccessOnly,
  Verification,
  VerifyIndividualInput,
  VerifyTwoFactorInput,
} from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage, setLanguage } from '../../../lib/i18n.ts';
import { setToken } from '../../../lib/session.ts';

/** Where a sign-in stands once the server has answered. */
export type LoginOutcome =
  | { kind: 'signedIn' }
  | { kind: 'twoFactor'; twoFactorToken: string }
  | { kind: 'confirm'; verification?: Verification };

/**
 * Keeps the access token under auth_token, the one place personal pages read it from. An
 * account not confirmed yet goes to the code step, which can ask for a new code.
 */
function outcomeOf(answer: LoginAnswer): LoginOutcome {
  if ('requires2FA' in answer) {
    return { kind: 'twoFactor', twoFactorToken: answer.twoFactorToken };
  }
  if (!answer.token) throw new Error('The login answer carried no token');
  setToken('individual', answer.token);
  // The language chosen in profile settings follows the person to every device they sign in on.
  void setLanguage(answer.user.language);
  return answer.requiresConfirmation ? { kind: 'confirm' } : { kind: 'signedIn' };
}

export function usePersonalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginRequestInput) =>
      outcomeOf(
        await apiRequest<LoginAnswer>('/api/v1/auth/login', {
          method: 'POST',
          body: input,
          side: 'individual',
        }),
      ),
    onSuccess: () => queryClient.clear(),
  });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyTwoFactorInput) =>
      outcomeOf(
        await apiRequest<SignedIn>('/api/v1/auth/verify-2fa', {
          method: 'POST',
          body: input,
          side: 'individual',
        }),
      ),
    onSuccess: () => queryClient.clear(),
  });
}

export function useRegisterIndividual() {
  const queryClient = useQueryClient();
  return useMutation({
    // The language the person reads the site in becomes their profile's: sign-in applies it.
    mutationFn: (input: IndividualRegistrationInput) =>
      apiRequest<Registered>('/api/v1/auth/register/individual', {
        method: 'POST',
        body: { ...input, language: currentLanguage() },
        side: 'individual',
      }),
    onSuccess: (answer) => {
      queryClient.clear();
      setToken('individual', answer.token);
    },
  });
}

export const useConfirmAccount = () =>
  useMutation({
    mutationFn: (input: VerifyIndividualInput) =>
      apiRequest<IndividualConfirmed>('/api/v1/auth/verify/individual', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });

export const useResendCode = () =>
  useMutation({
    mutationFn: (input: ResendCodeInput) =>
      apiRequest<CodeResent>('/api/v1/auth/resend-code', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<SuccessOnly>('/api/v1/auth/forgot-password', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });

/**
 * Whether a reset link still works, asked once when its page opens (nothing is used up), so a
 * dead link says so before anyone types a new password.
 */
export const useResetLinkStatus = (token: string) =>
  useQuery({
    queryKey: ['auth', 'reset-link', token],
    queryFn: ({ signal }) =>
      apiRequest<ResetTokenStatus>('/api/v1/auth/reset-password/check', {
        method: 'POST',
        body: { token } satisfies ResetTokenCheckInput,
        side: 'individual',
        signal,
      }),
    retry: false,
    // Asked again each time the page opens (a link used meanwhile is dead), never while it is open.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<SuccessOnly>('/api/v1/auth/reset-password', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });
