import type { AuthResponse, SessionUser } from '@cosa/contracts';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';

export const sessionQueryKey = ['session'] as const;

/** The signed-in user, or null when signed out. */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    // The answer is trusted to match SessionResponseSchema: every page checks the session, and
    // checking it would put the schema library on every page.
    const body = await apiRequest<{ user: SessionUser | null }>(apiPaths.session, { signal });
    return body.user;
  },
  staleTime: 60_000,
  // A failed check is retried by the user (Retry), not by each component that mounts.
  retryOnMount: false,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Records who is signed in after a sign-in, registration or onboarding answer, so the guards know at once. */
export function setSessionUser(client: QueryClient, user: SessionUser | null): void {
  client.setQueryData(sessionQueryKey, user);
}

/** A mutation whose answer signs a user in (sign-in, registration, onboarding): the session cache takes the answer's user. */
export function useSigningInMutation<TBody>(call: (body: TBody) => Promise<AuthResponse>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: ({ user }) => setSessionUser(client, user) });
}
