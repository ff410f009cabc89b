import type { EncryptionKeyState } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

const PATH = '/api/v1/organization/encryption-key';

/**
 * GET /api/v1/organization/encryption-key: the registered public key and its date, or nulls.
 * The settings ask it for owners and admins (`isAllowed`); verifiers read it too, on the decrypt
 * screen (codes-queries.ts), and anyone else is answered 403.
 */
export const useEncryptionKey = (organizationId: string, isAllowed: boolean) =>
  useQuery({
    queryKey: settingsKeys.encryptionKey(organizationId),
    enabled: isAllowed,
    queryFn: ({ signal }) => apiRequest<EncryptionKeyState>(PATH, { signal }),
  });

/** PUT (a public key) or DELETE (none): either answers the new state, which replaces the cache. */
export function useChangeEncryptionKey(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (publicKey: string | null) =>
      apiRequest<EncryptionKeyState>(
        PATH,
        publicKey ? { method: 'PUT', body: { public_key: publicKey } } : { method: 'DELETE' },
      ),
    onSuccess: (state) =>
      queryClient.setQueryData(settingsKeys.encryptionKey(organizationId), state),
  });
}
