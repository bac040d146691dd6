import { describe, expect, it } from 'vitest';
import { browserOf, signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createUser } from './factories';

describe('characters no column can hold', () => {
  const ctx = useTestApp();
  const { post } = browserOf(ctx);
  const refusal = {
    code: 'BAD_REQUEST',
    message: 'The request contains a character that is not allowed (NUL).',
  };

  it('answers a NUL in a body, a path or a query with 400, never 500', async () => {
    const registered = await post('/api/auth/register', {
      name: 'Mallory\u0000X',
      studentId: '12888001',
      email: 'mallory@iitbhilai.ac.in',
      password: 'Nul#Bytes2025',
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().error).toEqual(refusal);
    const login = await post('/api/auth/login', {
      email: 'student\u0000@iitbhilai.ac.in',
      password: 'anything-at-all',
    });
    expect(login.statusCode).toBe(400);
    const nested = await post('/api/auth/verify-email', { token: 'abc', extra: { deep: ['x\u0000'] } });
    expect(nested.statusCode).toBe(400);
    const path = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/abc%00/def',
      remoteAddress: '192.0.2.77',
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().error).toEqual(refusal);
  });

  it('refuses nesting deeper than any form, wherever a NUL may hide', async () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 70; level += 1) deep = { deep };
    const response = await post('/api/auth/login', {
      email: 'someone@iitbhilai.ac.in',
      password: 'anything-at-all',
      deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request is nested too deeply.',
    });
  });

  it('refuses a same-origin write sent through an encoded path from another site', async () => {
    const cookie = await signInAs(ctx, await createUser(ctx.db));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN_REFUSED');
    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(fine.statusCode).toBe(204);
  });

  it('answers an id longer than any id, or a broken encoding, in the error shape, without echoing the address', async () => {
    const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/positions/${'x'.repeat(5000)}`,
      headers: { cookie },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'The address is too long.' } });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const broken = await ctx.app.inject({
      method: 'GET',
      url: '/api/positions/%E0%A4%A',
      headers: { cookie },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address is not valid.' },
    });
  });
});
