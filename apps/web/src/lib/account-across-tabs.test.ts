import type { SessionUser } from '@cosa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareAccountAcrossTabs } from './account-across-tabs';
import { NO_RETRY, RemoteValue } from './remote-value';

const user = (id: string) => ({ id, name: id }) as unknown as SessionUser;

/** The browser's cookie, which every tab's session check reads. */
let cookie: SessionUser | null = null;
const stops: (() => void)[] = [];

/** A tab of the portal: its session, read from the cookie, and whether it reloaded itself. */
async function openTab(checkDelayMs = 0) {
  let delay = checkDelayMs;
  const session = new RemoteValue<SessionUser | null>(async () => {
    // What the cookie says as the check leaves, answered after the delay.
    const answer = cookie;
    await new Promise((resolve) => setTimeout(resolve, delay));
    return answer;
  }, NO_RETRY);
  await session.refresh();
  const reload = vi.fn();
  stops.push(shareAccountAcrossTabs(session, reload));
  return {
    session,
    reload,
    shows: () => session.get().data?.id ?? null,
    slowChecks: (ms: number) => (delay = ms),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the account shared by the tabs of one browser', () => {
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('signs the other tabs out with a sign-out in one, without reloading them', async () => {
    cookie = user('asha');
    const here = await openTab();
    const there = await openTab();
    cookie = null;
    here.session.set(null);
    await settle();
    expect(there.shows()).toBe(null);
    expect(there.reload).not.toHaveBeenCalled();
    expect(here.reload).not.toHaveBeenCalled();
  });

  it('reloads a tab that showed one account when another signs in elsewhere, but not the tab that signed in', async () => {
    cookie = user('asha');
    const here = await openTab();
    const there = await openTab();
    cookie = user('ravi');
    here.session.set(user('ravi'));
    await settle();
    expect(there.reload).toHaveBeenCalledTimes(1);
    expect(here.reload).not.toHaveBeenCalled();
  });

  it('leaves a signed-out tab to follow a sign-in elsewhere without reloading', async () => {
    cookie = null;
    const here = await openTab();
    const there = await openTab();
    cookie = user('ravi');
    here.session.set(user('ravi'));
    await settle();
    expect(there.shows()).toBe('ravi');
    expect(there.reload).not.toHaveBeenCalled();
  });

  it('checks again when a check was already on its way as the other tab changed account', async () => {
    cookie = user('asha');
    const here = await openTab();
    const there = await openTab();
    there.slowChecks(60);
    void there.session.refresh();
    cookie = user('ravi');
    here.session.set(user('ravi'));
    await settle();
    expect(there.shows()).toBe('ravi');
    expect(there.reload).toHaveBeenCalledTimes(1);
  });
});
