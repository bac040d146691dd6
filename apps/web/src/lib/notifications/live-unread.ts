import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@cosa/contracts';
import { apiPaths } from '../paths';
import { currentAnnouncementsKey, notificationListKey, unreadCountKey } from './keys';
import { unreadOf } from './unread-of';

/** Told each count the stream sends; `first` is the count a new connection starts with. */
type Listener = (unread: number, first: boolean) => void;

type Stream = { userId: string; source: EventSource; listeners: Set<Listener>; closing?: ReturnType<typeof setTimeout> };

/**
 * Going from one page with a bell to the next unmounts one bell before the next mounts (the next
 * page's code may still be loading): the stream stays open this long for it.
 */
const CLOSE_DELAY_MS = 1_000;

/** The tab's one stream, shared by every component that shows the live count. */
let stream: Stream | null = null;

/** The count of an `unread` event's data ({"unread":N}), or null for anything else. */
function countOf(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    return unreadOf(JSON.parse(data));
  } catch {
    return null;
  }
}

function connect(userId: string, listeners: Set<Listener>): Stream {
  // Same origin: the session cookie goes with it. EventSource reconnects by itself after a network
  // failure; a refusal (signed out elsewhere) closes it for good, until a page asks again.
  const source = new EventSource(apiPaths.notificationStream);
  let first = true;
  source.addEventListener('open', () => {
    first = true;
  });
  source.addEventListener('unread', (event) => {
    const unread = countOf((event as MessageEvent).data);
    if (unread === null) return;
    for (const listener of [...listeners]) listener(unread, first);
    first = false;
  });
  return { userId, source, listeners };
}

function subscribe(userId: string, listener: Listener): () => void {
  if (stream && stream.userId !== userId) {
    clearTimeout(stream.closing);
    stream.source.close();
    stream = null;
  }
  if (stream && stream.source.readyState === EventSource.CLOSED) stream = connect(userId, stream.listeners);
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
      current.source.close();
      if (stream === current) stream = null;
    }, CLOSE_DELAY_MS);
  };
}

/** Puts a count from the stream in the cache; anything that changed means the lists on screen are out of date. */
function take(client: QueryClient, unread: number, first: boolean): void {
  const before = client.getQueryData<UnreadCount>(unreadCountKey)?.unread;
  client.setQueryData<UnreadCount>(unreadCountKey, { unread });
  // A connection's first count only says where things stand; any later one says something changed,
  // even at the same count (a grouped notification counting one more item).
  if (first && before === unread) return;
  void client.invalidateQueries({ queryKey: notificationListKey });
  void client.invalidateQueries({ queryKey: currentAnnouncementsKey });
}

/**
 * Keeps the unread count current while the component is mounted, through the tab's one
 * Server-Sent Events stream; `userId` null (signed out) closes it.
 */
export function useLiveUnread(userId: string | null | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    return subscribe(userId, (unread, first) => take(client, unread, first));
  }, [client, userId]);
}
