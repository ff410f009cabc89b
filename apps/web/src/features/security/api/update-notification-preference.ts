import type { NotificationPreference, NotificationPreferenceUpdated } from '@tanqin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityKeys } from './query-keys.ts';

export const updateNotificationPreference = ({
  id,
  is_active,
}: {
  id: string;
  is_active: boolean;
}) =>
  apiRequest<NotificationPreferenceUpdated>(
    `/api/v1/security/notifications/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: { is_active } },
  );

/** PATCH /api/v1/security/notifications/{id}: optimistic, rolled back when refused. */
export function useUpdateNotificationPreference(organizationId: string) {
  const queryClient = useQueryClient();
  const listKey = securityKeys.notifications(organizationId);
  return useMutation({
    mutationFn: updateNotificationPreference,
    onMutate: async ({ id, is_active }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<NotificationPreference[]>(listKey);
      queryClient.setQueryData<NotificationPreference[]>(listKey, (preferences) =>
        preferences?.map((preference) =>
          preference.id === id ? { ...preference, is_active } : preference,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
