import { useShell } from './shell';
import { useRemoteValue } from './remote-value';

/** How long a session check is trusted before a page that opens checks again. */
const SESSION_STALE_MS = 60_000;

/** The signed-in user (`data`: null when signed out), checked when a page opens and it is older than a minute. */
export function useSession() {
  return useRemoteValue(useShell().session, SESSION_STALE_MS);
}

/**
 * The session as the shell keeps it, to record an answer that says who is signed in now (a
 * sign-in, a registration, onboarding, a sign-out: `set`) or to check again (`refresh`).
 */
export function useSessionStore() {
  return useShell().session;
}
