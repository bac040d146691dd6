import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { sessionQueryKey } from '../lib/session';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and 5xx, never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

function isSessionKey(key: QueryKey | undefined): boolean {
  return key?.[0] === sessionQueryKey[0];
}

/** The app's query client; a 401, or a demand to verify the e-mail or to onboard, anywhere refreshes what the guards know. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown, key?: QueryKey) => {
    if (!(error instanceof ApiError) || isSessionKey(key)) return;
    if (error.isUnauthenticated) client.setQueryData(sessionQueryKey, null);
    else if (error.isEmailVerificationRequired || error.isOnboardingRequired)
      void client.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
