import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ACCESS, type Access, type SessionUser } from '@cosa/contracts';
import { registerAccessControl, UndeclaredRouteError } from '../src/plugins/access';
import { registerErrorHandling } from '../src/plugins/errors';
import { useTestApp } from './build-test-app';

const signedInUser = (overrides: Partial<SessionUser> = {}) =>
  ({
    id: 'u1',
    role: 'STUDENT',
    onboardingComplete: false,
    emailVerified: true,
    ...overrides,
  }) as SessionUser;

/**
 * A bare app with the given declarations, whose session is read from the test's own header
 * (the real session lookup needs a database this check does not).
 */
async function bareApp(
  declarations: Record<string, Access>,
  register: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-test-user'];
    request.user = typeof given === 'string' ? (JSON.parse(given) as SessionUser) : null;
  });
  registerAccessControl(app, (method, url) => declarations[`${method} ${url}`]);
  registerErrorHandling(app);
  register(app);
  await app.ready();
  return app;
}

const as = (user: SessionUser | null) => (user ? { 'x-test-user': JSON.stringify(user) } : {});

describe('access declarations', () => {
  const ctx = useTestApp();

  it('every registered API route has a declaration, and every declaration a route', () => {
    const registered = ctx.app.registeredRoutes.map((route) => `${route.method} ${route.url}`);
    const declared = Object.keys(API_ACCESS);
    const ownRoutes = registered.filter((key) => !key.includes('/api/docs'));
    expect(ownRoutes.length).toBeGreaterThan(0);
    for (const key of registered) expect(declared).toContain(key);
    for (const key of declared) expect(registered).toContain(key);
  });

  it('an API route without a declaration stops the app from starting', async () => {
    const app = Fastify();
    registerAccessControl(app);
    app.register(async (feature) => {
      feature.get('/api/undeclared-route', async () => ({ ok: true }));
    });
    const started = app.ready();
    await expect(started).rejects.toThrow(UndeclaredRouteError);
    await expect(started).rejects.toThrow('GET /api/undeclared-route');
  });

  it('a route serving several methods applies each method its own declaration', async () => {
    const app = await bareApp({ 'GET /api/both': 'public', 'POST /api/both': 'signedIn' }, (bare) => {
      bare.route({ method: ['GET', 'POST'], url: '/api/both', handler: async () => ({ ok: true }) });
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/both' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: '/api/both' })).statusCode).toBe(200);
      const refused = await app.inject({ method: 'POST', url: '/api/both' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(
        (await app.inject({ method: 'POST', url: '/api/both', headers: as(signedInUser()) })).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a signed-in user without a proven e-mail is asked to verify it', async () => {
    const app = await bareApp({ 'POST /api/proven-only': 'verified' }, (bare) => {
      bare.post('/api/proven-only', async () => ({ ok: true }));
    });
    try {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/proven-only',
        headers: as(signedInUser({ emailVerified: false })),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'EMAIL_VERIFICATION_REQUIRED' } });
      expect(
        (await app.inject({ method: 'POST', url: '/api/proven-only', headers: as(signedInUser()) }))
          .statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/proven-only' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
