import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, decideAccess, normalizeRole, type AccessSubject } from '@cosa/contracts';
import type { User } from '../src/db/schema/index';
import { newToken } from '../src/lib/tokens';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createUser } from './factories';

type Subject = { label: string; user: User | null };

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

const EXPECTED_ERROR_CODE = { signIn: 'UNAUTHENTICATED', forbidden: 'FORBIDDEN', onboard: 'ONBOARDING_REQUIRED', signedInAlready: 'ALREADY_SIGNED_IN' } as const;

/**
 * Every API route against every kind of visitor: the answer must be what the route's access
 * declaration decides. Routes added later are covered without touching this file.
 */
describe('access matrix', () => {
  const ctx = useTestApp();
  const subjects: Subject[] = [];

  beforeAll(async () => {
    subjects.push({ label: 'signed out', user: null });
    subjects.push({ label: 'student, not onboarded', user: await createUser(ctx.db, { role: 'STUDENT', onboardingComplete: false }) });
    for (const role of ROLES) {
      subjects.push({ label: `${role}, onboarded`, user: await createUser(ctx.db, { role, onboardingComplete: true }) });
    }
  });

  it('covers the routes of the app', () => {
    const routes = ctx.app.registeredRoutes.filter((route) => !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/register', 'POST /api/onboarding', 'GET /api/auth/reset-password/:id/:token']),
    );
  });

  it('answers every route as its declaration decides, for every kind of visitor', async () => {
    const routes = ctx.app.registeredRoutes.filter((route) => !route.url.startsWith('/api/docs'));
    const mismatches: string[] = [];
    for (const route of routes) {
      for (const subject of subjects) {
        const accessSubject: AccessSubject = subject.user ? { role: subject.user.role, onboardingComplete: subject.user.onboardingComplete } : null;
        const decision = decideAccess(route.access, accessSubject, normalizeRole);
        // A fresh session per request: a route such as sign-out ends the one it is given.
        const cookie = subject.user ? await signInAs(ctx, subject.user) : undefined;
        const response = await ctx.app.inject({
          method: route.method as HTTPMethods,
          url: concreteUrl(route.url),
          headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const where = `${route.method} ${route.url} as ${subject.label}: expected ${decision}, got ${response.statusCode}`;
        if (decision === 'allow') {
          if (response.statusCode === 401 || response.statusCode === 403) mismatches.push(`${where} ${response.body}`);
          continue;
        }
        const expectedStatus = decision === 'signIn' ? 401 : 403;
        const code = response.headers['content-type']?.toString().includes('json') ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
        if (response.statusCode !== expectedStatus || code !== EXPECTED_ERROR_CODE[decision]) mismatches.push(`${where} (${code})`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
