import type { SessionUser } from '@cosa/contracts';
import type { RemoteValue } from './remote-value';

const CHANNEL = 'cosa-account';

type Session = RemoteValue<SessionUser | null>;

/** The account a session shows: its id, null when signed out, undefined before the first check. */
function accountOf(session: Session): string | null | undefined {
  const user = session.get().data;
  return user === undefined ? undefined : (user?.id ?? null);
}

/**
 * Checks the session anew: a check already on its way may have left before the other tab's change,
 * so it is let finish and another one follows.
 */
async function checkAgain(session: Session): Promise<void> {
  if (session.get().isFetching) await session.refresh();
  await session.refresh();
}

/**
 * Keeps the portal's tabs in one browser on the account their shared cookie names. A tab whose
 * account changes (a sign-in, a sign-out, a check that finds another) tells the others, which
 * check their session again: a tab whose account signed out goes to the sign-in page, as after an
 * expired session; a tab that showed one account and finds another reloads, so that nothing of the
 * first account stays on its screen and nothing done there goes out under the other unawares. A
 * tab's own change of account (a sign-in on it) is the tab's to show, and reloads nothing. Only
 * the account's id goes to the other tabs. Answers a function that stops it.
 */
export function shareAccountAcrossTabs(
  session: Session,
  reload: () => void = () => window.location.reload(),
): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  let shown = accountOf(session);
  const unsubscribe = session.subscribe(() => {
    const now = accountOf(session);
    if (now === undefined || now === shown) return;
    shown = now;
    channel.postMessage(now);
  });
  channel.onmessage = async (event: MessageEvent<unknown>) => {
    if (event.data === shown) return;
    const before = shown;
    await checkAgain(session);
    const now = accountOf(session);
    if (before && now && now !== before) reload();
  };
  return () => {
    unsubscribe();
    channel.close();
  };
}
