import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnreadCount } from '@cosa/contracts';
import { FakeEventSource } from '../../../test/fake-event-source';
import { notificationListKey, unreadCountKey } from './keys';

/**
 * The browser's navigator.locks, shared by the tabs of a test: exclusive locks, granted in the
 * order asked and held until the callback's promise settles; a request still waiting can be aborted.
 */
class FakeLocks {
  private readonly held = new Set<string>();
  private readonly queue: { name: string; grant: () => void }[] = [];

  request(
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiting = {
        name,
        grant: () => {
          options.signal?.removeEventListener('abort', abort);
          this.held.add(name);
          void Promise.resolve()
            .then(() => callback({ name, mode: 'exclusive' }))
            .then(resolve, reject)
            .finally(() => {
              this.held.delete(name);
              this.next(name);
            });
        },
      };
      const abort = () => {
        this.queue.splice(this.queue.indexOf(waiting), 1);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      };
      options.signal?.addEventListener('abort', abort, { once: true });
      this.queue.push(waiting);
      this.next(name);
    });
  }

  private next(name: string) {
    if (this.held.has(name)) return;
    const index = this.queue.findIndex((waiting) => waiting.name === name);
    if (index >= 0) this.queue.splice(index, 1)[0]!.grant();
  }
}

type Tab = {
  client: QueryClient;
  taken: number[];
  refreshes: () => number;
  mountAnother: () => void;
  close: () => void;
};

/**
 * A browser tab: its own copy of the modules (so its own module state, as a page has) and its
 * own query cache, with `cached` as the count its request fetched.
 */
async function openTab(userId: string, cached?: number): Promise<Tab> {
  vi.resetModules();
  const [{ useLiveUnread }, { QueryClient, QueryClientProvider }] = await Promise.all([
    import('./live-unread'),
    import('@tanstack/react-query'),
  ]);
  const client = new QueryClient();
  if (cached !== undefined) client.setQueryData<UnreadCount>(unreadCountKey, { unread: cached });
  const taken: number[] = [];
  const setQueryData = client.setQueryData.bind(client);
  vi.spyOn(client, 'setQueryData').mockImplementation(((key: readonly unknown[], value: UnreadCount) => {
    taken.push(value.unread);
    return setQueryData(key, value);
  }) as typeof client.setQueryData);
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const views = [renderHook(() => useLiveUnread(userId), { wrapper })];
  const tab: Tab = {
    client,
    taken,
    refreshes: () =>
      invalidate.mock.calls.filter(
        ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(notificationListKey),
      ).length,
    mountAnother: () => void views.push(renderHook(() => useLiveUnread(userId), { wrapper })),
    close: () => {
      for (const view of views.splice(0)) view.unmount();
    },
  };
  tabs.push(tab);
  return tab;
}

const unreadIn = (tab: Tab) => tab.client.getQueryData<UnreadCount>(unreadCountKey)?.unread;

/** The streams opened in this test. */
let before = 0;
const opened = () => FakeEventSource.opened.slice(before);

/** The tabs of this test, closed when it ends. */
let tabs: Tab[] = [];

/** Each test has users of its own. */
let tests = 0;
const user = (n = 1) => `00000000-0000-4000-8000-${String(tests * 10 + n).padStart(12, '0')}`;

/** Lets what the tabs are told on their channel and the locks they were granted run. */
const settle = async () => {
  for (let n = 0; n < 5; n += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** A tab closes its share of the stream this long after its last component goes (CLOSE_DELAY_MS). */
const afterCloseDelay = () => vi.advanceTimersByTime(1_000);

beforeEach(() => {
  tests += 1;
  before = FakeEventSource.opened.length;
  tabs = [];
  // Only the close delay's timers: the channel and the locks run as they would.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('EventSource', FakeEventSource);
  Object.defineProperty(navigator, 'locks', { value: new FakeLocks(), configurable: true });
});

afterEach(async () => {
  for (const tab of tabs) tab.close();
  afterCloseDelay();
  await settle();
  expect(opened().filter((source) => source.readyState !== FakeEventSource.CLOSED)).toEqual([]);
  delete (navigator as { locks?: unknown }).locks;
});

describe('the live unread count across the tabs of a browser', { timeout: 10_000 }, () => {
  it('opens one stream for two tabs; the leader relays every count and the follower takes it as its own stream’s', async () => {
    const leader = await openTab(user(), 3);
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    const follower = await openTab(user(), 3);
    const [source] = opened();

    // A connection's first count at the count already shown refreshes nothing, in either tab.
    source!.send(3);
    await vi.waitFor(() => expect(follower.taken).toEqual([3]));
    expect(leader.taken).toEqual([3]);
    expect([leader.refreshes(), follower.refreshes()]).toEqual([0, 0]);

    // A later count says something changed, even at the same count.
    source!.send(3);
    source!.send(4);
    await vi.waitFor(() => expect(follower.taken).toEqual([3, 3, 4]));
    expect(leader.taken).toEqual([3, 3, 4]);
    expect([unreadIn(leader), unreadIn(follower)]).toEqual([4, 4]);
    expect([leader.refreshes(), follower.refreshes()]).toEqual([2, 2]);
    expect(opened()).toHaveLength(1);
  });

  it('gives a tab that opens later the current count as the first count of its own stream would be', async () => {
    await openTab(user(), 0);
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    opened()[0]!.send(2);

    const same = await openTab(user(), 2);
    const behind = await openTab(user(), 1);
    await vi.waitFor(() => expect(behind.taken).toEqual([2]));
    await vi.waitFor(() => expect(same.taken).toEqual([2]));
    expect([same.refreshes(), behind.refreshes()]).toEqual([0, 1]);
    expect(opened()).toHaveLength(1);
  });

  it('hands the stream to a waiting tab when the leader goes; the new stream’s first count reaches every tab as a first count', async () => {
    const leader = await openTab(user(), 5);
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    const next = await openTab(user(), 5);
    const last = await openTab(user(), 5);
    const [first] = opened();
    first!.send(5);
    await vi.waitFor(() => expect(last.taken).toEqual([5]));

    leader.close();
    afterCloseDelay();
    expect(first!.readyState).toBe(FakeEventSource.CLOSED);
    await vi.waitFor(() => expect(opened()).toHaveLength(2));
    const second = opened()[1]!;
    second.send(5);
    await vi.waitFor(() => expect(last.taken).toEqual([5, 5]));
    expect([next.refreshes(), last.refreshes()]).toEqual([0, 0]);
    second.send(6);
    await vi.waitFor(() => expect(last.taken).toEqual([5, 5, 6]));
    expect([unreadIn(next), unreadIn(last)]).toEqual([6, 6]);
    expect([next.refreshes(), last.refreshes()]).toEqual([1, 1]);

    // No tab needs it any more: the stream closes and nobody opens another.
    next.close();
    last.close();
    afterCloseDelay();
    await settle();
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
    expect(opened()).toHaveLength(2);
  });

  it("ignores another user's counts: each user's tabs share their own stream", async () => {
    const one = await openTab(user(1), 0);
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    const two = await openTab(user(2), 0);
    await vi.waitFor(() => expect(opened()).toHaveLength(2));
    const [ofOne, ofTwo] = opened();
    const alsoOne = await openTab(user(1), 0);
    const alsoTwo = await openTab(user(2), 0);

    ofOne!.send(7);
    await vi.waitFor(() => expect(alsoOne.taken).toEqual([7]));
    ofTwo!.send(1);
    await vi.waitFor(() => expect(alsoTwo.taken).toEqual([1]));
    expect([one.taken, two.taken, alsoOne.taken, alsoTwo.taken]).toEqual([[7], [1], [7], [1]]);
    expect(opened()).toHaveLength(2);
  });

  it('hands the lead on when the server refuses the stream, and asks again when a page needs it', async () => {
    const leader = await openTab(user(), 0);
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    const follower = await openTab(user(), 0);
    await settle();
    expect(opened()).toHaveLength(1);
    opened()[0]!.refuse();
    await vi.waitFor(() => expect(opened()).toHaveLength(2));
    opened()[1]!.send(1);
    await vi.waitFor(() => expect(follower.taken).toEqual([1]));
    expect(leader.taken).toEqual([]);

    // The refused tab stays closed until one of its pages asks again; then it follows.
    leader.mountAnother();
    // Each of its two components takes each count: first the current one, as its hello's answer.
    await vi.waitFor(() => expect(leader.taken).toEqual([1, 1]));
    opened()[1]!.send(2);
    await vi.waitFor(() => expect(leader.taken).toEqual([1, 1, 2, 2]));
    expect(follower.taken).toEqual([1, 2]);
    expect(opened()).toHaveLength(2);
  });

  it.each([
    ['Web Locks', () => delete (navigator as { locks?: unknown }).locks],
    ['BroadcastChannel', () => vi.stubGlobal('BroadcastChannel', undefined)],
  ])('opens a stream per tab in a browser without %s, as before', async (_, remove) => {
    remove();
    const one = await openTab(user(), 0);
    const two = await openTab(user(), 0);
    await vi.waitFor(() => expect(opened()).toHaveLength(2));
    const [ofOne, ofTwo] = opened();
    ofOne!.send(1);
    ofTwo!.send(2);
    await settle();
    expect([one.taken, two.taken]).toEqual([[1], [2]]);
  });
});
