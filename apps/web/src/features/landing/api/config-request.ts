import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/config: public settings the landing page shows. */
export interface PublicConfig {
  price_per_call: string;
  currency: string;
}

export const configQueryKey = ['config'] as const;

// Apart from the hooks (get-config.ts): the landing page's script asks for the price without
// loading React Query.
export const getConfig = (signal?: AbortSignal) =>
  apiRequest<PublicConfig>('/api/v1/config', { signal });
