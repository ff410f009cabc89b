import type { EndedSessions, SignedInSessionList } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { Side } from '../../lib/session.ts';

const sessionsKey = (side: Side) => ['auth', 'sessions', side] as const;

/** GET /api/v1/auth/sessions: the signed-in user's open sessions. */
export const useSessions = (side: Side) =>
  useQuery({
    queryKey: sessionsKey(side),
    queryFn: ({ signal }) =>
      apiRequest<SignedInSessionList>('/api/v1/auth/sessions', { side, signal }).then(
        (body) => body.sessions,
      ),
  });

/** DELETE /api/v1/auth/sessions/:id, then the list again. */
export function useEndSession(side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/v1/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', side }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(side) }),
  });
}

/** POST /api/v1/auth/sessions/end-others, then the list again. */
export function useEndOtherSessions(side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<EndedSessions>('/api/v1/auth/sessions/end-others', { method: 'POST', side }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(side) }),
  });
}
