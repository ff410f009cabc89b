import type { PublicConfig } from '@tanqin/shared';
import { apiRequest } from '../api-client.ts';

export type { PublicConfig };

export const configQueryKey = ['config'] as const;

/**
 * GET /api/v1/config: the price per billed call as the server states it. Apart from the hooks
 * (use-config.ts): the landing page's script asks for the price without loading React Query.
 */
export const getConfig = (signal?: AbortSignal) =>
  apiRequest<PublicConfig>('/api/v1/config', { signal });
