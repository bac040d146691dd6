import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, copiesShown } from './api-client';

function reply(status: number, body?: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const fetchMock = reply(200, { ok: true });
    await expect(apiRequest('/api/thing', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns the error shape into an ApiError', async () => {
    reply(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the form.',
        fields: { email: 'Invalid email' },
      },
    });
    const error = await apiRequest('/api/thing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Invalid email' },
    });
  });

  it('recognises the onboarding demand and the signed-out answer', async () => {
    reply(403, { error: { code: 'ONBOARDING_REQUIRED', message: 'Finish onboarding first.' } });
    const onboarding = (await apiRequest('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(onboarding.isOnboardingRequired).toBe(true);
    reply(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } });
    const signedOut = (await apiRequest('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(signedOut.isUnauthenticated).toBe(true);
  });

  it('recognises the demand to verify the e-mail first', async () => {
    reply(403, {
      error: {
        code: 'EMAIL_VERIFICATION_REQUIRED',
        message: 'Please verify your e-mail address first: open the link we sent you.',
      },
    });
    const demand = (await apiRequest('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(demand.isEmailVerificationRequired).toBe(true);
    expect(demand.isOnboardingRequired).toBe(false);
    reply(403, { error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } });
    const forbidden = (await apiRequest('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(forbidden.isEmailVerificationRequired).toBe(false);
  });

  it('gives a helpful message for an answer without the error shape', async () => {
    reply(502);
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'INTERNAL_ERROR' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('checks the answer against a schema when given', async () => {
    reply(200, { count: 'three' });
    await expect(
      apiRequest('/api/x', { schema: z.object({ count: z.number() }) }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('returns undefined for 204', async () => {
    reply(204);
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  describe('without a connection', () => {
    const offline = (isOffline: boolean) =>
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !isOffline });
    afterEach(() => {
      offline(false);
      copiesShown.length = 0;
    });

    it('says a change made offline was not sent and needs a connection', async () => {
      offline(true);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
      );
      const error = await apiRequest('/api/me/profile', {
        method: 'PATCH',
        body: { hostel: 'Indravati' },
      }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        status: 0,
        code: 'NETWORK_ERROR',
        message: 'You are offline: nothing was sent. Check your connection and try again.',
      });
      offline(false);
      const online = await apiRequest('/api/me/profile', { method: 'PATCH', body: {} }).catch(
        (caught: unknown) => caught,
      );
      expect(online).toMatchObject({
        status: 0,
        message: 'Could not reach the server. Check your connection and try again.',
      });
    });

    it("records an answer that is the service worker's copy, with its path and when it was saved", async () => {
      const told = vi.fn();
      window.addEventListener('cosa-offline-copy', told);
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async (input: RequestInfo | URL) =>
            new Response('{"upcoming":[],"past":[]}', {
              status: 200,
              headers: {
                'content-type': 'application/json',
                ...(String(input).includes('registrations')
                  ? { 'x-offline-as-of': '2026-03-12T12:34:00.000Z' }
                  : {}),
              },
            }),
        ),
      );
      await expect(apiRequest('/api/me/registrations')).resolves.toEqual({ upcoming: [], past: [] });
      await apiRequest('/api/events');
      window.removeEventListener('cosa-offline-copy', told);
      expect(copiesShown).toEqual([['/api/me/registrations', '2026-03-12T12:34:00.000Z']]);
      expect(told).toHaveBeenCalledTimes(1);
    });
  });
});
