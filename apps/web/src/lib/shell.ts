import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig, SessionUser } from '@cosa/contracts';
import { apiRequest } from './api-client';
import { RemoteValue, RETRY_TWICE, type RetryPolicy } from './remote-value';

/** The two endpoints the shell itself reads; the pages' endpoints are in api-paths.ts. */
const SESSION_PATH = '/api/auth/session';
const CONFIG_PATH = '/api/config';

/** The one query client of the app, made by the first page that reads through it. */
export class QueryClientSlot {
  constructor(private client?: QueryClient) {}

  /** The client, made with `create` the first time. */
  get(create: () => QueryClient): QueryClient {
    this.client ??= create();
    return this.client;
  }
}

/**
 * What the shell itself knows, whatever page shows: who is signed in and this installation's
 * settings, read without a query library; and the slot of the query client the other pages share.
 */
export type Shell = {
  session: RemoteValue<SessionUser | null>;
  config: RemoteValue<PublicConfig>;
  queryClient: QueryClientSlot;
};

/** A new shell: nothing loaded yet. `retry` is how a failed load of the session or settings tries again. */
export function createShell({
  retry = RETRY_TWICE,
  queryClient,
}: { retry?: RetryPolicy; queryClient?: QueryClient } = {}): Shell {
  return {
    // The answers are trusted to match SessionResponseSchema and PublicConfigSchema: every page
    // reads them, and checking them would put the schema library on every page.
    session: new RemoteValue(
      async () => (await apiRequest<{ user: SessionUser | null }>(SESSION_PATH)).user,
      retry,
    ),
    config: new RemoteValue(() => apiRequest<PublicConfig>(CONFIG_PATH), retry),
    queryClient: new QueryClientSlot(queryClient),
  };
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell: the app is not inside ShellContext (app/providers.tsx).');
  return shell;
}
