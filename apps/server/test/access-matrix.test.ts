import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SPEC_API_ACCESS,
  VISITORS,
  outcomesOf,
  type Outcome,
  type Visitor,
} from '../../../packages/contracts/test/spec-access-table';
import type { User } from '../src/db/schema/index';
import { newToken } from '../src/lib/tokens';
import { freshIp, signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createUser } from './factories';

/** A concrete URL for a route pattern: ids become random uuids, other parameters random tokens. */
function concreteUrl(pattern: string): string {
  return pattern
    .split('/')
    .map((part) => {
      if (part === '*') return 'anything';
      if (!part.startsWith(':')) return part;
      return /id$/i.test(part) ? randomUUID() : newToken();
    })
    .join('/');
}

const REFUSALS: Record<Exclude<Outcome, 'allow'>, { status: number; code: string }> = {
  login: { status: 401, code: 'UNAUTHENTICATED' },
  verify: { status: 403, code: 'EMAIL_VERIFICATION_REQUIRED' },
  onboard: { status: 403, code: 'ONBOARDING_REQUIRED' },
  forbid: { status: 403, code: 'FORBIDDEN' },
  home: { status: 403, code: 'ALREADY_SIGNED_IN' },
};

/** Routes whose allowed answer is an endless stream of events. */
const STREAMS = new Set(['GET /api/notifications/stream']);

const isDocs = (key: string) => key.split(' ')[1]?.startsWith('/api/docs') ?? false;

/**
 * Every API route against every kind of visitor, compared with the hand-typed table of
 * packages/contracts/test/spec-access-table.ts (never with API_ACCESS, which the server enforces).
 */
describe('access matrix', () => {
  const ctx = useTestApp();
  const users = new Map<string, User | null>();

  beforeAll(async () => {
    for (const visitor of VISITORS) {
      users.set(
        visitor.key,
        visitor.role === null
          ? null
          : await createUser(ctx.db, {
              role: visitor.role,
              onboardingComplete: visitor.onboardingComplete,
              emailVerifiedAt: visitor.emailVerified ? new Date() : null,
            }),
      );
    }
  });

  it('the table lists exactly the routes the app registers', () => {
    const registered = ctx.app.registeredRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !isDocs(key));
    const listed = Object.keys(SPEC_API_ACCESS);
    expect({
      missingFromTable: registered.filter((key) => !listed.includes(key)),
      notRegistered: listed.filter((key) => !registered.includes(key)),
    }).toEqual({ missingFromTable: [], notRegistered: [] });
  });

  async function answerOf(key: string, visitor: Visitor) {
    const [method = '', pattern = ''] = key.split(' ');
    const user = users.get(visitor.key);
    // A fresh session per request: a route such as sign-out ends the one it is given.
    const cookie = user ? await signInAs(ctx, user) : undefined;
    const write = method !== 'GET';
    if (STREAMS.has(key)) return streamAnswerOf(pattern, cookie);
    const response = await ctx.app.inject({
      method: method as HTTPMethods,
      url: concreteUrl(pattern),
      // A fresh address per request, so rate limits answer no request of this matrix.
      remoteAddress: freshIp(),
      headers: { ...(write ? { origin: TEST_ORIGIN } : {}), ...(cookie ? { cookie } : {}) },
      ...(write ? { payload: {} } : {}),
    });
    const json = response.headers['content-type']?.toString().includes('json')
      ? (response.json() as { error?: { code?: string } })
      : undefined;
    return { status: response.statusCode, code: json?.error?.code };
  }

  /** A stream never ends when it is allowed: its answer is read over real HTTP, up to the headers. */
  async function streamAnswerOf(pattern: string, cookie: string | undefined) {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${concreteUrl(pattern)}`, {
      headers: cookie ? { cookie } : {},
      signal: controller.signal,
    });
    const json = response.headers.get('content-type')?.includes('json')
      ? ((await response.json()) as { error?: { code?: string } })
      : undefined;
    controller.abort();
    return { status: response.status, code: json?.error?.code };
  }

  const registeredKeys = () =>
    new Set(ctx.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));

  it.each(Object.entries(SPEC_API_ACCESS))(
    '%s answers every visitor as the spec says',
    async (key, row) => {
      // A route the app does not register is reported by the test above.
      if (!registeredKeys().has(key)) return;
      const expected = outcomesOf(row);
      const mismatches: string[] = [];
      for (const visitor of VISITORS) {
        const outcome = expected[visitor.key] as Outcome;
        const { status, code } = await answerOf(key, visitor);
        const got = `${status} ${code ?? '(no code)'}`;
        if (outcome === 'allow') {
          if (status === 401 || status === 403)
            mismatches.push(`${visitor.label}: expected allow, got ${got}`);
          continue;
        }
        const refusal = REFUSALS[outcome];
        if (status !== refusal.status || code !== refusal.code) {
          mismatches.push(
            `${visitor.label}: expected ${outcome} (${refusal.status} ${refusal.code}), got ${got}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
