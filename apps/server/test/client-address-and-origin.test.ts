import { describe, expect, it } from 'vitest';
import { clientKey } from '../src/lib/rate-limiter';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { signInAs } from './auth-helpers';
import { createUser } from './factories';

const DOMAIN = 'iitbhilai.ac.in';
let seq = 0;

/** Five forgot-password requests per client address in an hour when it stands for 20 people; the sixth is refused. */
async function forgotBurst(
  ctx: ReturnType<typeof useTestApp>,
  remoteAddress: string | ((attempt: number) => string),
  forwardedFor: (attempt: number) => string,
  origin = TEST_ORIGIN,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    seq += 1;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: typeof remoteAddress === 'string' ? remoteAddress : remoteAddress(attempt),
      headers: { origin, 'x-forwarded-for': forwardedFor(attempt) },
      payload: { email: `nobody${seq}@${DOMAIN}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('client addresses without TRUST_PROXY, even behind HTTPS', () => {
  const publicUrl = 'https://cosa.example.ac.in';
  const ctx = useTestApp({ PUBLIC_URL: publicUrl, PEOPLE_PER_ADDRESS: '20' });

  it('ignores X-Forwarded-For: rotating it does not get past a per-address limit', async () => {
    const statuses = await forgotBurst(
      ctx,
      '198.51.100.7',
      (attempt) => `203.0.113.${attempt + 1}`,
      publicUrl,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('client addresses behind one trusted proxy (TRUST_PROXY=1)', () => {
  const ctx = useTestApp({ TRUST_PROXY: '1', PEOPLE_PER_ADDRESS: '20' });

  it('takes the address the proxy names', async () => {
    const rotating = await forgotBurst(ctx, '127.0.0.1', (attempt) => `203.0.113.${attempt + 20}`);
    expect(rotating).toEqual([200, 200, 200, 200, 200, 200]);
    const oneClient = await forgotBurst(ctx, '127.0.0.1', () => '203.0.113.99');
    expect(oneClient).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('believes only the nearest hop: an address the client wrote before the proxy is not used', async () => {
    const statuses = await forgotBurst(
      ctx,
      '127.0.0.1',
      (attempt) => `10.0.0.${attempt + 1}, 203.0.113.150`,
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts a client once when the proxy writes its address with a new port each time', async () => {
    const ipv4 = await forgotBurst(ctx, '127.0.0.1', (attempt) => `203.0.113.160:${40001 + attempt}`);
    expect(ipv4).toEqual([200, 200, 200, 200, 200, 429]);
    const ipv6 = await forgotBurst(ctx, '127.0.0.1', (attempt) => `[2001:db8:9:9::${attempt + 1}]:4000`);
    expect(ipv6).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('IPv6 clients', () => {
  const ctx = useTestApp({ PEOPLE_PER_ADDRESS: '20' });

  it('are counted by their /64 network, which one subscriber holds whole', () => {
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(clientKey('192.0.2.9')).toBe('192.0.2.9');
  });

  it('rotating addresses inside one /64 does not get past a per-address limit', async () => {
    const statuses = await forgotBurst(
      ctx,
      (attempt) => `2001:db8:0:2::${(attempt + 1).toString(16)}`,
      () => '',
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the same-origin check of state-changing requests', () => {
  const ctx = useTestApp({ PEOPLE_PER_ADDRESS: '20' });

  const logout = async (headers: Record<string, string>) => {
    const cookie = await signInAs(ctx, await createUser(ctx.db));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...headers },
    });
    return response.statusCode === 403 ? response.json().error.code : response.statusCode;
  };

  it("compares Origin with PUBLIC_URL's origin, never with the request's own Host", async () => {
    expect(await logout({ origin: 'https://evil.example', host: 'evil.example' })).toBe(
      'CROSS_ORIGIN_REFUSED',
    );
    expect(await logout({ origin: 'http://evil.example', host: 'evil.example' })).toBe(
      'CROSS_ORIGIN_REFUSED',
    );
    expect(await logout({ origin: 'null' })).toBe('CROSS_ORIGIN_REFUSED');
    expect(await logout({ origin: TEST_ORIGIN, host: 'evil.example' })).toBe(204);
  });

  it('tells a visitor on another address where the portal is', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(response.json().error).toEqual({
      code: 'CROSS_ORIGIN_REFUSED',
      message:
        'This request came from another site and was refused. Open the portal at http://localhost:3000.',
    });
  });

  it('falls back to Referer when there is no Origin', async () => {
    expect(await logout({ referer: 'https://evil.example/page' })).toBe('CROSS_ORIGIN_REFUSED');
    expect(await logout({ referer: `${TEST_ORIGIN}/home` })).toBe(204);
  });

  it('refuses a browser saying the request is cross-site, and a request that names no origin at all', async () => {
    expect(await logout({ 'sec-fetch-site': 'cross-site' })).toBe('CROSS_ORIGIN_REFUSED');
    expect(await logout({})).toBe('CROSS_ORIGIN_REFUSED');
    expect(await logout({ referer: `${TEST_ORIGIN}/home` })).toBe(204);
  });
});

describe('a development portal without PUBLIC_URL, opened at another name of this machine', () => {
  // PUBLIC_URL unset: the portal's address is http://localhost:3000.
  const ctx = useTestApp({ PUBLIC_URL: '', NODE_ENV: 'development' });

  const forgot = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers,
      payload: { email: `loopback${(seq += 1)}@${DOMAIN}` },
    });

  it('takes the forms of a page opened at http://127.0.0.1:3000 or http://[::1]:3000', async () => {
    for (const address of ['127.0.0.1:3000', '[::1]:3000', 'localhost:3000']) {
      const response = await forgot({ origin: `http://${address}`, host: address });
      expect(response.statusCode).toBe(200);
    }
  });

  it('still refuses another site, another port of this machine, and a page naming a host it was not sent to', async () => {
    const refusals = [
      { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:3000' },
      { origin: 'http://evil.example', host: 'evil.example' },
      { origin: 'http://127.0.0.1:3000', host: 'evil.example' },
      { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' },
    ];
    for (const headers of refusals) {
      const response = await forgot(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(
        'This request came from another site and was refused. Open the portal at http://localhost:3000.',
      );
    }
  });
});

describe('a production portal without PUBLIC_URL', () => {
  const ctx = useTestApp({ PUBLIC_URL: '', NODE_ENV: 'production' });

  it('accepts only its configured address, never a loopback name the request chose', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
      payload: { email: `production@${DOMAIN}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
