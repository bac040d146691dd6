import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUEUE_NAMES, type QueueCounts, type QueueName } from '@cosa/contracts';
import { api, ApiError } from '../api-client';
import { apiPaths } from '../api-paths';
import { queueCountsKey } from './keys';

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The counts of an answer, or null for anything else. Checked by hand, as unreadOf: the bell is on
 * every page, which should not load the notification schemas for a few numbers.
 */
function countsOf(body: unknown): QueueCounts | null {
  if (typeof body !== 'object' || body === null) return null;
  const { queues, unreadNotices } = body as { queues?: unknown; unreadNotices?: unknown };
  if (!Array.isArray(queues) || !isCount(unreadNotices)) return null;
  const listed: QueueCounts['queues'] = [];
  for (const entry of queues as unknown[]) {
    const { queue, count } = (entry ?? {}) as { queue?: unknown; count?: unknown };
    if (!(QUEUE_NAMES as readonly unknown[]).includes(queue) || !isCount(count)) return null;
    listed.push({ queue: queue as QueueName, count });
  }
  return { queues: listed, unreadNotices };
}

/** GET /api/notifications/queues: what waits in each queue I decide, and my other unread notices. */
async function getQueueCounts(signal: AbortSignal): Promise<QueueCounts> {
  const counts = countsOf(await api.get(apiPaths.queueCounts, { signal }));
  if (counts === null)
    throw new ApiError(
      200,
      'INVALID_RESPONSE',
      'The server sent an unexpected answer. Please try again.',
    );
  return counts;
}

const queueCountsQueryOptions = queryOptions({
  queryKey: queueCountsKey,
  queryFn: ({ signal }) => getQueueCounts(signal),
  // The live stream marks it stale at every change; going from page to page asks no more often.
  staleTime: 30_000,
});

/** The bell's counts of what waits for an official; asked for only by those who decide a queue. */
export const useQueueCounts = (enabled: boolean) => useQuery({ ...queueCountsQueryOptions, enabled });
