import type { OrganizationType, OrgSignup } from '@tanqin/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SignupResponse {
  success: true;
  organization: {
    id: string;
    name: string;
    client_id: string;
    type: OrganizationType;
    email: string;
    created_at: string;
  };
}

/** POST /api/v1/signup: the spec's sign-up entity as it is; 201 with the new organisation. */
export const signUpOrganization = (input: OrgSignup) =>
  apiRequest<SignupResponse>('/api/v1/signup', { method: 'POST', body: input });

export const useSignUp = () => useMutation({ mutationFn: signUpOrganization });
