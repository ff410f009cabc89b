import type {
  ForgotPasswordInput,
  IndividualRegistrationInput,
  LoginRequestInput,
  ResetPasswordInput,
  VerificationMethod,
} from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type AppLanguage, setLanguage } from '../../../lib/i18n.ts';
import { setToken } from '../../../lib/session.ts';

export interface PersonalUser {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  confirmed?: boolean;
  language?: AppLanguage;
}

export interface Verification {
  method: VerificationMethod;
  destination_hint?: string;
  expires_in?: number;
  resend_after?: number;
}

/** What `POST /auth/login` and `POST /auth/verify-2fa` answer, in each of their shapes. */
export interface LoginAnswer {
  success?: boolean;
  token?: string;
  access_token?: string;
  user?: PersonalUser;
  requires2FA?: boolean;
  twoFactorToken?: string;
  requiresConfirmation?: boolean;
  verification?: Verification;
  message?: string;
}

/** Where a sign-in stands once the server has answered. */
export type LoginOutcome =
  | { kind: 'signedIn' }
  | { kind: 'twoFactor'; twoFactorToken: string }
  | { kind: 'confirm'; verification?: Verification };

/** Keeps the access token under auth_token, the one place personal pages read it from. */
function outcomeOf(answer: LoginAnswer): LoginOutcome {
  if (answer.requires2FA && answer.twoFactorToken) {
    return { kind: 'twoFactor', twoFactorToken: answer.twoFactorToken };
  }
  const token = answer.token ?? answer.access_token;
  if (!token) throw new Error('The login answer carried no token');
  setToken('individual', token);
  // The language chosen in profile settings follows the person to every device they sign in on.
  if (answer.user?.language) void setLanguage(answer.user.language);
  return answer.requiresConfirmation
    ? { kind: 'confirm', verification: answer.verification }
    : { kind: 'signedIn' };
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
    mutationFn: async (input: { token: string; code: string }) =>
      outcomeOf(
        await apiRequest<LoginAnswer>('/api/v1/auth/verify-2fa', {
          method: 'POST',
          body: input,
          side: 'individual',
        }),
      ),
    onSuccess: () => queryClient.clear(),
  });
}

export interface RegisterAnswer {
  token: string;
  user: PersonalUser;
  requiresConfirmation: boolean;
  verification: Verification;
}

export function useRegisterIndividual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IndividualRegistrationInput) =>
      apiRequest<RegisterAnswer>('/api/v1/auth/register/individual', {
        method: 'POST',
        body: input,
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
    mutationFn: (input: { method: VerificationMethod; code: string }) =>
      apiRequest<{ success: boolean; user: PersonalUser }>('/api/v1/auth/verify/individual', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });

export const useResendCode = () =>
  useMutation({
    mutationFn: (input: { method: VerificationMethod }) =>
      apiRequest<{ resend_after?: number; destination_hint?: string; verification?: Verification }>(
        '/api/v1/auth/resend-code',
        {
          method: 'POST',
          body: input,
          side: 'individual',
        },
      ),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest<unknown>('/api/v1/auth/forgot-password', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest<unknown>('/api/v1/auth/reset-password', {
        method: 'POST',
        body: input,
        side: 'individual',
      }),
  });
