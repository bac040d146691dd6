import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationList, UnreadCount } from '@cosa/contracts';
import { api } from '../api-client';
import { apiPaths } from '../api-paths';
import { notificationListKey, unreadCountKey } from './keys';
import { unreadOf } from './unread-of';

/** The count in an answer that carries one ({ unread: N }); otherwise the count is asked for again. */
function takeUnreadCount(client: QueryClient, answer: unknown): Promise<void> {
  const unread = unreadOf(answer);
  if (unread !== null) {
    client.setQueryData<UnreadCount>(unreadCountKey, { unread });
    return Promise.resolve();
  }
  return client.invalidateQueries({ queryKey: unreadCountKey });
}

/** Shows the notifications as read in every cached list at once, before the lists are asked for again. */
export function showAsRead(client: QueryClient, isRead: (id: string) => boolean): void {
  const now = new Date().toISOString();
  client.setQueriesData<NotificationList>({ queryKey: notificationListKey }, (list) =>
    list
      ? {
          ...list,
          items: list.items.map((item) =>
            item.readAt === null && isRead(item.id) ? { ...item, readAt: now } : item,
          ),
        }
      : list,
  );
}

/** POST /api/notifications/{id}/read: marks one of my notifications read (again is harmless). */
function markRead(id: string): Promise<unknown> {
  return api.post(apiPaths.notificationRead(id));
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => showAsRead(client, (item) => item === id),
    onSettled: async (answer) => {
      await takeUnreadCount(client, answer);
      await client.invalidateQueries({ queryKey: notificationListKey });
    },
  });
}
