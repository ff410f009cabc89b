import type { PersonNoticeList } from '@tanqin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const noticesKey = ['me', 'notices'] as const;

/** GET /api/v1/me/notices: what was issued and used since the person last marked it read. */
export const useUnreadNotices = ({ enabled = true } = {}) =>
  useQuery({
    queryKey: noticesKey,
    enabled,
    queryFn: ({ signal }) =>
      apiRequest<PersonNoticeList>('/api/v1/me/notices', { side: 'individual', signal }),
  });

/** POST /api/v1/me/notices/read: the card empties at once. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ success: true; read: number }>('/api/v1/me/notices/read', {
        method: 'POST',
        side: 'individual',
      }),
    onSuccess: () => {
      queryClient.setQueryData<PersonNoticeList>(noticesKey, { notices: [], unread: 0 });
    },
  });
}
