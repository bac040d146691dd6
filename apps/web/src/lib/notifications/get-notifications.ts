import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, NotificationListSchema, type NotificationList } from '@cosa/contracts';
import { api } from '../api-client';
import { apiPaths } from '../api-paths';
import { notificationListKey } from './keys';

/**
 * Which notifications a list shows, as the inbox keeps them in its address; `queues: 'none'` leaves
 * out queue notices (the bell, which counts the queues itself); the inbox groups them.
 */
export type NotificationFilters = { show: 'all' | 'unread'; page: number; queues?: 'none' };

/** GET /api/notifications: one page of my notifications, newest first. */
function getNotifications(
  { show, page, queues }: NotificationFilters,
  pageSize: number,
  signal: AbortSignal,
): Promise<NotificationList> {
  const params = new URLSearchParams({ show, page: String(page), pageSize: String(pageSize) });
  if (queues) params.set('queues', queues);
  return api.get(`${apiPaths.notifications}?${params.toString()}`, {
    schema: NotificationListSchema,
    signal,
  });
}

const notificationListQueryOptions = (filters: NotificationFilters, pageSize: number) =>
  queryOptions({
    queryKey: [...notificationListKey, filters, pageSize],
    queryFn: ({ signal }) => getNotifications(filters, pageSize, signal),
    // The last page stays on screen while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });

/** A page of the inbox; the bell asks for the first few only while its panel is open. */
export function useNotifications(
  filters: NotificationFilters,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  const { pageSize = DEFAULT_PAGE_SIZE, enabled = true } = options;
  return useQuery({ ...notificationListQueryOptions(filters, pageSize), enabled });
}
