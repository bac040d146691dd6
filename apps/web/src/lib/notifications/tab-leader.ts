import { apiPaths } from '../api-paths';
import { unreadOf } from './unread-of';

/**
 * Told each count the stream sends; `first` is the count a new connection starts with; `kinds` the
 * kinds of notification that arrived with it ('queue' also when a queue the person decides changed).
 */
export type Listener = (unread: number, first: boolean, kinds: readonly string[]) => void;

/**
 * A tab's share of the live count. `live` turns false when the server refused the stream (signed
 * out elsewhere): it stays closed until a page asks again.
 */
export type SharedStream = { readonly live: boolean; stop: () => void };

/**
 * Over HTTP/1.1 a browser keeps at most six connections to a site; a stream per tab left the
 * seventh tab unable to load and every tab's requests waiting. So one tab of the browser leads
 * (it holds a Web Lock named after the user) and relays its stream's counts on this channel.
 */
const CHANNEL = 'cosa-notifications';
const lockName = (userId: string) => `cosa-notifications-stream:${userId}`;

/**
 * `to` names the one tab a count is for: the answer to a tab's `hello`, which gets the count its
 * own new stream would have started with.
 */
type Message =
  | {
      kind: 'unread';
      userId: string;
      unread: number;
      first: boolean;
      kinds?: readonly string[];
      to?: string;
    }
  | { kind: 'hello'; userId: string; from: string };

/** The kinds an event names, strings only: anything else names none. */
function kindsOf(body: unknown): string[] {
  const kinds =
    typeof body === 'object' && body !== null ? (body as { kinds?: unknown }).kinds : undefined;
  return Array.isArray(kinds) ? kinds.filter((kind): kind is string => typeof kind === 'string') : [];
}

/** The count and kinds of an `unread` event's data ({"unread":N,"kinds":[...]}), or null for anything else. */
function eventOf(data: unknown): { unread: number; kinds: string[] } | null {
  if (typeof data !== 'string') return null;
  try {
    const body: unknown = JSON.parse(data);
    const unread = unreadOf(body);
    return unread === null ? null : { unread, kinds: kindsOf(body) };
  } catch {
    return null;
  }
}

/** Opens the stream; `onRefused` is told when it closes for good. Returns what closes it. */
function openStream(onCount: Listener, onRefused: () => void): () => void {
  // Same origin: the session cookie goes with it. EventSource reconnects by itself after a network
  // failure; a refusal closes it for good.
  const source = new EventSource(apiPaths.notificationStream);
  let first = true;
  source.addEventListener('open', () => {
    first = true;
  });
  source.addEventListener('unread', (event) => {
    const told = eventOf((event as MessageEvent).data);
    if (told === null) return;
    onCount(told.unread, first, told.kinds);
    first = false;
  });
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) onRefused();
  });
  return () => source.close();
}

/** The tab's own stream, where the browser cannot share one between tabs. */
function ownStream(onCount: Listener): SharedStream {
  let live = true;
  const close = openStream(onCount, () => (live = false));
  return {
    get live() {
      return live;
    },
    stop: () => {
      live = false;
      close();
    },
  };
}

/** The stream of the tab that leads, and the last count it told. */
type Lead = { last: number | null; end: () => void };

function sharedStream(locks: LockManager, userId: string, onCount: Listener): SharedStream {
  const tab = Math.random().toString(36).slice(2);
  const channel = new BroadcastChannel(CHANNEL);
  const waiting = new AbortController();
  let live = true;
  let lead: Lead | null = null;

  const post = (message: Message) => channel.postMessage(message);
  const stop = () => {
    if (!live) return;
    live = false;
    waiting.abort();
    lead?.end();
    channel.close();
  };
  /** This tab opens the stream; `release` lets the next waiting tab lead. */
  const startLead = (release: () => void) => {
    const current: Lead = { last: null, end: () => undefined };
    const close = openStream((unread, first, kinds) => {
      current.last = unread;
      post({ kind: 'unread', userId, unread, first, kinds });
      onCount(unread, first, kinds);
    }, stop);
    current.end = () => {
      close();
      lead = null;
      release();
    };
    lead = current;
  };

  // A count heard on the channel already does what the answer to this tab's hello would.
  let heard = false;
  channel.addEventListener('message', (event: MessageEvent<Message | undefined>) => {
    const message = event.data;
    if (!live || message?.userId !== userId) return;
    if (message.kind === 'unread' && !lead && unreadOf(message) !== null) {
      if (message.to !== undefined && (message.to !== tab || heard)) return;
      heard = true;
      onCount(message.unread, message.first === true, kindsOf(message));
    } else if (message.kind === 'hello' && lead && lead.last !== null) {
      post({ kind: 'unread', userId, unread: lead.last, first: true, to: message.from });
    }
  });

  // The lock is held until the promise settles: as long as this tab leads. A closing tab drops it
  // with the page, and the next tab waiting for it leads at once.
  locks
    .request(lockName(userId), { signal: waiting.signal }, () =>
      live ? new Promise<void>((release) => startLead(() => release())) : undefined,
    )
    .catch(() => {
      // Stopped while waiting; or the browser refused the lock, and the tab does without sharing.
      if (live && !lead) startLead(() => undefined);
    });
  post({ kind: 'hello', userId, from: tab });

  return {
    get live() {
      return live;
    },
    stop,
  };
}

/**
 * Follows the user's live unread count with the browser's one stream, opened by whichever tab
 * leads; a tab whose browser lacks Web Locks or BroadcastChannel opens its own.
 */
export function shareStream(userId: string, onCount: Listener): SharedStream {
  const locks =
    typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (!locks || typeof BroadcastChannel === 'undefined') return ownStream(onCount);
  return sharedStream(locks, userId, onCount);
}
