import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@cosa/contracts';
import { api } from '../api-client';
import { apiPaths } from '../api-paths';
import { notificationListKey, unreadCountKey } from './keys';
import { showAsRead } from './mark-read';

/** POST /api/notifications/read-all: marks every notification of mine read. */
function markAllRead(): Promise<unknown> {
  return api.post(apiPaths.notificationsReadAll);
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      showAsRead(client, () => true);
      client.setQueryData<UnreadCount>(unreadCountKey, { unread: 0 });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationListKey }),
  });
}
