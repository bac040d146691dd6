import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@cosa/contracts';
import { ApiError } from '../lib/api-client';
import type { RemoteValue } from '../lib/remote-value';
import { toast } from '../lib/toast';

const MAX_RETRIES = 2;
/** One toast for changes refused offline, however many the user tries. */
const OFFLINE_TOAST = 'offline-change';

/** Retries only what may succeed on a second try: network failures and 5xx, never a 4xx, nothing while offline. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES && navigator.onLine !== false;
}

type Session = RemoteValue<SessionUser | null>;

/**
 * Keeps what was loaded for one account from showing under another: a sign-out forgets what no
 * page shows, and a different account signing in forgets the rest.
 */
function forgetOtherAccounts(client: QueryClient, session: Session): void {
  let owner = session.get().data?.id ?? null;
  session.subscribe(() => {
    const user = session.get().data;
    if (user === undefined) return;
    if (user === null) client.removeQueries({ type: 'inactive' });
    else if (owner !== null && user.id !== owner) client.removeQueries();
    if (user) owner = user.id;
  });
}

/** Overrides of the defaults, for tests: `retry: false`, `staleTime: 0`. */
type Overrides = { retry?: false; staleTime?: number };

/**
 * The query client of the pages that read through one (every page but the sign-in pages), kept
 * in step with the shell's session: a 401 anywhere signs the user out, a demand to verify the
 * e-mail or to onboard checks the session again, and a change of account forgets the old one's data.
 */
export function createQueryClient(session: Session, overrides: Overrides = {}): QueryClient {
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.isUnauthenticated) session.set(null);
    else if (error.isEmailVerificationRequired || error.isOnboardingRequired) void session.refresh();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onError(error);
        // A change made offline was not sent: whatever the form says of its failure, the page says why.
        if (error instanceof ApiError && error.status === 0 && navigator.onLine === false)
          toast.error(error.message, { id: OFFLINE_TOAST });
      },
    }),
    defaultOptions: {
      // Offline, a read still goes out once (the service worker answers it from its copy, decision
      // 0043) and a change fails at once with its reason, rather than both waiting unseen for a
      // connection; back online, what is shown loads again.
      queries: {
        retry: overrides.retry ?? shouldRetry,
        staleTime: overrides.staleTime ?? 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
  forgetOtherAccounts(client, session);
  return client;
}
