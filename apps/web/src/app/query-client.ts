import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@cosa/contracts';
import { ApiError } from '../lib/api-client';
import type { RemoteValue } from '../lib/remote-value';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and 5xx, never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
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
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: overrides.retry ?? shouldRetry,
        staleTime: overrides.staleTime ?? 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  forgetOtherAccounts(client, session);
  return client;
}
