import type { MemberRole, OrganizationType } from '@tanqin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface MeUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface MeOrganization {
  id: string;
  name: string;
  type: OrganizationType;
  email: string;
  client_id: string;
  created_at: string;
  role: MemberRole;
}

export interface MeResponse {
  success: boolean;
  user: MeUser;
  /** null when the signed-in account belongs to no organisation. */
  organization: MeOrganization | null;
}

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => apiRequest<MeResponse>('/api/v1/auth/me', { signal }),
});

/** GET /api/v1/auth/me: the signed-in user and their organisation with their role in it. */
export const useMe = () => useQuery(meQuery);
