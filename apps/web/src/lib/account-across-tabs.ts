import type { SessionUser } from '@cosa/contracts';
import type { RemoteValue } from './remote-value';

const CHANNEL = 'cosa-account';

/** The account a session shows: its id, null when signed out, undefined before the first check. */
function accountOf(session: RemoteValue<SessionUser | null>): string | null | undefined {
  const user = session.get().data;
  return user === undefined ? undefined : (user?.id ?? null);
}

/**
 * Keeps the portal's tabs in one browser on the account their shared cookie names. A tab whose
 * account changes (a sign-in, a sign-out, a check that finds another) tells the others, which
 * check their session again: a tab whose account signed out goes to the sign-in page, as after an
 * expired session; a tab that showed one account and finds another reloads, so that nothing of the
 * first account stays on its screen and nothing done there goes out under the other unawares.
 * Answers a function that stops it.
 */
export function shareAccountAcrossTabs(
  session: RemoteValue<SessionUser | null>,
  reload: () => void = () => window.location.reload(),
): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  let shown = accountOf(session);
  const unsubscribe = session.subscribe(() => {
    const now = accountOf(session);
    if (now === undefined || now === shown) return;
    const before = shown;
    shown = now;
    channel.postMessage(now);
    if (before && now) reload();
  });
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data !== shown) void session.refresh();
  };
  return () => {
    unsubscribe();
    channel.close();
  };
}
