import { useQuery } from '@tanstack/react-query';
import type { OpenApiDocument } from '../openapi.ts';

/** GET /v1/openapi.json: the server's own description of the public API. */
export const useOpenApiDocument = () =>
  useQuery({
    queryKey: ['v1', 'openapi'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/v1/openapi.json', {
        headers: { Accept: 'application/json' },
        signal,
      });
      if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
      return (await response.json()) as OpenApiDocument;
    },
    staleTime: 5 * 60_000,
  });
