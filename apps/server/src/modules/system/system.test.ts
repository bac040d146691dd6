import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, HealthResponseSchema, PublicConfigSchema } from '@cosa/contracts';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';

describe('system routes', () => {
  const ctx = useTestApp({
    INSTITUTE_NAME: 'Test Institute of Technology',
    INSTITUTE_EMAIL_DOMAIN: 'tit.ac.in',
  });

  it('GET /api/health answers 200 after querying the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = HealthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database);
  });

  it('GET /api/config gives the public settings and nothing secret', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = PublicConfigSchema.parse(response.json());
    expect(body).toMatchObject({
      instituteName: 'Test Institute of Technology',
      emailDomain: 'tit.ac.in',
      timeZone: 'Asia/Kolkata',
      googleEnabled: false,
    });
    expect(JSON.stringify(response.json())).not.toMatch(/secret|DATABASE/i);
  });

  it('an unknown /api path is a JSON 404 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(ErrorBodySchema.parse(response.json()).error.code).toBe('NOT_FOUND');
  });

  it('every answer carries a request id and security headers', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-abcdef12' },
    });
    expect(response.headers['x-request-id']).toBe('req-abcdef12');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document and its docs page', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config', '/api/auth/session']),
    );
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('refuses a state-changing request from another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    const sameSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(sameSite.statusCode).toBe(404);
  });
});
