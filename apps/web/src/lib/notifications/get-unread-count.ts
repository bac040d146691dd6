import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@cosa/contracts';
import { api, ApiError } from '../api-client';
import { apiPaths } from '../api-paths';
import { unreadCountKey } from './keys';
import { unreadOf } from './unread-of';

/** GET /api/notifications/unread-count: how many of my notifications are unread. */
async function getUnreadCount(signal: AbortSignal): Promise<UnreadCount> {
  const unread = unreadOf(await api.get(apiPaths.unreadCount, { signal }));
  if (unread === null)
    throw new ApiError(
      200,
      'INVALID_RESPONSE',
      'The server sent an unexpected answer. Please try again.',
    );
  return { unread };
}

const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
});

/** The unread count for the bell; the live stream (live-unread.ts) keeps it current after the first answer. */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQueryOptions, enabled });
