import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ACCESS } from '@cosa/contracts';
import { registerAccessControl, UndeclaredRouteError } from '../src/plugins/access';
import { useTestApp } from './build-test-app';

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
});
