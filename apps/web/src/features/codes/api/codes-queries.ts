import type {
  CodeDirection,
  CodeHistory,
  CodeList,
  CodeRevoked,
  EncryptionKeyState,
  KeyMode,
  StaffVerifyResult,
  TokenStatus,
} from '@tanqin/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startOfZonedDay } from '../../../lib/time-zone.ts';

export const CODES_PAGE_SIZE = 20;

export interface CodesFilter {
  /** The console's mode: live codes or test codes, never both. */
  mode: KeyMode;
  direction: CodeDirection;
  status?: TokenStatus;
  /** Part of the reference. */
  q?: string;
  /** Calendar days (yyyy-mm-dd) of the organisation's time zone, both included. */
  from?: string;
  to?: string;
  cursor?: string;
}

/** Every codes query of an organisation starts with this key: a decrypt refreshes them all. */
export const codesKeys = {
  all: (organizationId: string) => ['codes', organizationId] as const,
  list: (organizationId: string, filter: CodesFilter) =>
    ['codes', organizationId, 'list', filter] as const,
  history: (organizationId: string, tokenId: string) =>
    ['codes', organizationId, 'history', tokenId] as const,
};

function listPath({ mode, direction, status, q, from, to, cursor }: CodesFilter) {
  const query = new URLSearchParams({ mode, direction });
  if (status) query.set('status', status);
  if (q?.trim()) query.set('q', q.trim());
  if (from) query.set('from', startOfZonedDay(from).toISOString());
  if (to) query.set('to', startOfZonedDay(to, 1).toISOString());
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(CODES_PAGE_SIZE));
  return `/api/v1/tokens?${query}`;
}

/** GET /api/v1/tokens: the organisation's issued or received codes, metadata only. */
export const useCodes = (organizationId: string, filter: CodesFilter) =>
  useQuery({
    queryKey: codesKeys.list(organizationId, filter),
    queryFn: ({ signal }) => apiRequest<CodeList>(listPath(filter), { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/v1/tokens/:id/history: the code and who issued, decrypted or revoked it. */
export const useCodeHistory = (organizationId: string, tokenId: string | null) =>
  useQuery({
    queryKey: codesKeys.history(organizationId, tokenId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<CodeHistory>(`/api/v1/tokens/${encodeURIComponent(tokenId!)}/history`, {
        signal,
      }),
    enabled: tokenId !== null,
  });

/** POST /api/v1/tokens/:id/revoke: the code stops working and its data is deleted. */
export function useRevokeCode(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiRequest<CodeRevoked>(`/api/v1/tokens/${encodeURIComponent(tokenId)}/revoke`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: codesKeys.all(organizationId) }),
  });
}

/**
 * POST /api/v1/tokens/verify: decrypts a code once. The answer is personal data: it is not
 * cached (gcTime 0), and the screen holds it only until it is cleared.
 */
export function useVerifyCode(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<StaffVerifyResult>('/api/v1/tokens/verify', { body: { token } }),
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: codesKeys.all(organizationId) }),
  });
}

/**
 * GET /api/v1/organization/encryption-key, read by those who decrypt: whether the organisation
 * registered a double-lock key, known before a code is sent. The settings' own cache entry.
 */
export const useRegisteredEncryptionKey = (organizationId: string, isAllowed: boolean) =>
  useQuery({
    queryKey: ['organizations', organizationId, 'encryption-key'],
    enabled: isAllowed,
    queryFn: ({ signal }) =>
      apiRequest<EncryptionKeyState>('/api/v1/organization/encryption-key', { signal }),
  });
