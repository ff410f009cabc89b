import type { OrganizationCreated, OrgSignup } from '@tanqin/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/v1/signup: the spec's sign-up entity as it is; 201 with the new organisation. */
export const signUpOrganization = (input: OrgSignup) =>
  apiRequest<OrganizationCreated>('/api/v1/signup', { method: 'POST', body: input });

export const useSignUp = () => useMutation({ mutationFn: signUpOrganization });
