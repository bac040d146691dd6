import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { PublicConfig, SessionUser } from '@cosa/contracts';
import { AppRoutes } from '../src/app/app-routes';
import { AppProviders } from '../src/app/providers';
import { createQueryClient } from '../src/app/query-client';
import { pageRoutes, type PageRoute } from '../src/app/routes';
import { NO_RETRY } from '../src/lib/remote-value';
import { createShell, type Shell } from '../src/lib/shell';

export const testConfig: PublicConfig = {
  instituteName: 'Indian Institute of Technology Bhilai',
  instituteShortName: 'IIT Bhilai',
  emailDomain: 'iitbhilai.ac.in',
  timeZone: 'Asia/Kolkata',
  logoUrl: '',
  googleEnabled: false,
};

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'asha',
    email: 'asha@iitbhilai.ac.in',
    name: 'Asha Verma',
    role: 'STUDENT',
    studentId: '12340001',
    onboardingComplete: true,
    emailVerified: true,
    branch: 'Computer Science & Engineering',
    batchYear: 2024,
    program: 'B.Tech',
    ...overrides,
  };
}

type Reply = { status?: number; body?: unknown } | 'pending' | 'network-error';
/** A reply, or a function giving the reply for each call (for answers that change during a test). */
type ReplySource = Reply | (() => Reply);

function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with one that answers the API paths given, as the server would. A key is a
 * path ('/api/auth/login') or a method and a path ('POST /api/auth/reset-password/u1/t1').
 */
export function stubApi(
  replies: { session?: ReplySource; config?: ReplySource } & Record<string, ReplySource | undefined>,
) {
  const table: Record<string, ReplySource | undefined> = {
    '/api/config': replies.config ?? { body: testConfig },
    '/api/auth/session': replies.session ?? { body: { user: null } },
    ...Object.fromEntries(
      Object.entries(replies).filter(([key]) => key.startsWith('/') || /^[A-Z]+ \//.test(key)),
    ),
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const source = table[`${method} ${url.pathname}`] ?? table[url.pathname];
    const reply = typeof source === 'function' ? source() : source;
    if (reply === 'pending') return new Promise<Response>(() => undefined);
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (!reply)
      return Promise.resolve(jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    return Promise.resolve(jsonResponse(reply.status ?? 200, reply.body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to an API path with the given method, oldest first. */
export function sentBodies(
  fetchMock: ReturnType<typeof stubApi>,
  method: string,
  path: string,
): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) => String(input) === path && (init?.method ?? 'GET').toUpperCase() === method,
    )
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    );
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

type RenderAppOptions = {
  routes?: readonly PageRoute[];
  /** The query client to use instead of the app's own (made with no retries and no fresh time). */
  client?: QueryClient;
  /** Renders inside React.StrictMode, as main.tsx does, which runs each effect twice in development. */
  strict?: boolean;
};

/**
 * A shell as the app makes one, but trying nothing twice, and with the query client the pages
 * will use: the app's own, kept in step with the session, without retries or fresh time.
 */
export function testShell(client?: QueryClient): { shell: Shell; client: QueryClient } {
  const shell = createShell({ retry: NO_RETRY, ...(client && { queryClient: client }) });
  const shared = shell.queryClient.get(() =>
    createQueryClient(shell.session, { retry: false, staleTime: 0 }),
  );
  return { shell, client: shared };
}

/** Renders the app at path with a fresh shell and query client (returned, to inspect them). */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { shell, client } = testShell(options.client);
  const app = (
    <AppProviders shell={shell}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={options.routes ?? pageRoutes} />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>
  );
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, client, session: shell.session };
}

/** The path the router shows now. */
export function currentPath(): string | null {
  return screen.getByTestId('location').textContent;
}
