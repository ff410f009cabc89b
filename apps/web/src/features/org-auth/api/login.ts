import type { LoginAnswer, LoginInput } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setToken } from '../../../lib/session.ts';

/** POST /api/v1/auth/login. The API client never refreshes or redirects on this call's 401. */
export async function logInOrganization(input: LoginInput) {
  const response = await apiRequest<LoginAnswer>('/api/v1/auth/login', {
    method: 'POST',
    body: input,
  });
  // Without a token there is no session, whatever the body says (e.g. a two-step challenge).
  if (!('token' in response) || !response.token) {
    throw new Error('The login answer carried no token');
  }
  return response;
}

/** Signs in and keeps the access token under org_token, the one place the app reads it from. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInOrganization,
    onSuccess: ({ token }) => {
      // Answers cached for an earlier session must not show through the new one.
      queryClient.clear();
      setToken('org', token);
    },
  });
}
