import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@cosa/contracts';
import { notificationListKey, queueCountsKey, unreadCountKey } from './keys';
import { refreshFor } from './live-refresh';
import { shareStream, type Listener, type SharedStream } from './tab-leader';

type Stream = {
  userId: string;
  shared: SharedStream;
  listeners: Set<Listener>;
  closing?: ReturnType<typeof setTimeout>;
};

/**
 * Going from one page with a bell to the next unmounts one bell before the next mounts (the next
 * page's code may still be loading): the stream stays open this long for it.
 */
const CLOSE_DELAY_MS = 1_000;

/** The tab's one share of the stream, used by every component that shows the live count. */
let stream: Stream | null = null;

function connect(userId: string, listeners: Set<Listener>): Stream {
  const shared = shareStream(userId, (unread, first, kinds) => {
    for (const listener of [...listeners]) listener(unread, first, kinds);
  });
  return { userId, shared, listeners };
}

function subscribe(userId: string, listener: Listener): () => void {
  if (stream && stream.userId !== userId) {
    clearTimeout(stream.closing);
    stream.shared.stop();
    stream = null;
  }
  // Refused earlier (signed out elsewhere): a page asking again tries again.
  if (stream && !stream.shared.live) stream = connect(userId, stream.listeners);
  stream ??= connect(userId, new Set());
  clearTimeout(stream.closing);
  const current = stream;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    clearTimeout(current.closing);
    current.closing = setTimeout(() => {
      if (current.listeners.size > 0) return;
      current.shared.stop();
      if (stream === current) stream = null;
    }, CLOSE_DELAY_MS);
  };
}

/**
 * Puts a count from the stream in the cache; anything that changed means the notification lists
 * and the bell's queue counts on screen are out of date, and the pages showing what arrived too.
 */
function take(client: QueryClient, unread: number, first: boolean, kinds: readonly string[]): void {
  const before = client.getQueryData<UnreadCount>(unreadCountKey)?.unread;
  client.setQueryData<UnreadCount>(unreadCountKey, { unread });
  // A connection's first count only says where things stand; any later one says something changed,
  // even at the same count (a grouped notification counting one more item).
  if (first && before === unread) return;
  void client.invalidateQueries({ queryKey: notificationListKey });
  void client.invalidateQueries({ queryKey: queueCountsKey });
  refreshFor(client, kinds);
}

/**
 * Keeps the unread count current while the component is mounted, through the stream the tabs of
 * the browser share (tab-leader.ts); `userId` null (signed out) closes the tab's share of it.
 */
export function useLiveUnread(userId: string | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    return subscribe(userId, (unread, first, kinds) => take(client, unread, first, kinds));
  }, [client, userId]);
}
