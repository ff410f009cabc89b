import type {
  IdentityComplete,
  IdentityLocked,
  IdentityLockRequest,
  IdentityProven,
  IdentityStarted,
  IdentityStatus,
} from '@tanqin/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const identityKey = ['me', 'identity'] as const;

/** GET /api/v1/individuals/me/identity: whether the national id is proven. */
export const identityQuery = queryOptions({
  queryKey: identityKey,
  queryFn: ({ signal }) =>
    apiRequest<IdentityStatus>('/api/v1/individuals/me/identity', { side: 'individual', signal }),
});

export const useIdentityStatus = () => useQuery(identityQuery);

/** Starts the proof and sends the browser to the identity provider. */
export function useStartIdentityProof() {
  return useMutation({
    mutationFn: () =>
      apiRequest<IdentityStarted>('/api/v1/individuals/me/identity/start', {
        method: 'POST',
        side: 'individual',
      }),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

/** What the provider returned to /identity/callback, handed to the server to redeem. */
export const completeIdentityProof = (callback: IdentityComplete & { iss?: string }) =>
  apiRequest<IdentityProven>('/api/v1/individuals/me/identity/complete', {
    method: 'POST',
    side: 'individual',
    body: callback,
  });

/** POST /api/v1/individuals/me/identity/correction: the proven national id replaces the typed one. */
export const confirmIdentityCorrection = () =>
  apiRequest<IdentityProven>('/api/v1/individuals/me/identity/correction', {
    method: 'POST',
    side: 'individual',
  });

/** The identity status, read once (the callback page asks whether a correction waits). */
export const fetchIdentityStatus = () =>
  apiRequest<IdentityStatus>('/api/v1/individuals/me/identity', { side: 'individual' });

/** POST /api/v1/individuals/me/identity-lock: the answer updates the cached identity status. */
export function useSetIdentityLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityLockRequest) =>
      apiRequest<IdentityLocked>('/api/v1/individuals/me/identity-lock', {
        method: 'POST',
        side: 'individual',
        body: input,
      }),
    onSuccess: ({ locked, locked_at }) =>
      queryClient.setQueryData<IdentityStatus>(identityKey, (status) =>
        status ? { ...status, locked, locked_at } : status,
      ),
  });
}
