import type { ClientCredentials } from '@tanqin/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationPath } from './query-keys.ts';

// Plain calls, not cached queries: the secret lives only in the component that shows it and is
// gone once hidden or the screen closes (never prefetched, never in the query cache).

/** GET /api/v1/organizations/:id/credentials (owners and admins). */
export const fetchCredentials = (organizationId: string) =>
  apiRequest<ClientCredentials>(`${organizationPath(organizationId)}/credentials`);

/** POST /api/v1/organizations/:id/credentials/rotate: the old secret stops working at once. */
export const rotateClientSecret = (organizationId: string) =>
  apiRequest<ClientCredentials>(`${organizationPath(organizationId)}/credentials/rotate`, {
    method: 'POST',
  });
