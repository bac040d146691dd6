import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { NO_RETRY } from '../lib/remote-value';
import { createShell } from '../lib/shell';
import { makeUser } from '../../test/render-app';
import { createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  it('never retries a 4xx and retries other failures twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
  });

  it('forgets the user when any call answers 401', async () => {
    const { session } = createShell({ retry: NO_RETRY });
    const client = createQueryClient(session);
    session.set(makeUser());
    await client
      .fetchQuery({
        queryKey: ['things'],
        queryFn: () => Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'Please sign in.')),
        retry: false,
      })
      .catch(() => undefined);
    expect(session.get().data).toBeNull();
  });

  describe('offline', () => {
    // The browser says so on navigator.onLine, and TanStack Query hears it from the 'offline' event.
    const goOffline = (offline: boolean) => {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
      onlineManager.setOnline(!offline);
    };
    afterEach(() => goOffline(false));

    it('still sends a read once (the service worker answers it from its copy) and a change, each failing at once without retries', async () => {
      goOffline(true);
      const { session } = createShell({ retry: NO_RETRY });
      const client = createQueryClient(session);
      const read = vi.fn(async () => {
        throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server.');
      });
      const failure = await client
        .fetchQuery({ queryKey: ['offline-read'], queryFn: read })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(read).toHaveBeenCalledTimes(1);
      const kept = vi.fn(async () => ({ items: ['kept'] }));
      await expect(client.fetchQuery({ queryKey: ['kept-read'], queryFn: kept })).resolves.toEqual({
        items: ['kept'],
      });
      const change = vi.fn(async () => {
        throw new ApiError(
          0,
          'NETWORK_ERROR',
          'You are offline: nothing was sent. Check your connection and try again.',
        );
      });
      const mutation = client.getMutationCache().build(client, { mutationFn: change });
      await expect(mutation.execute(undefined)).rejects.toThrow('You are offline: nothing was sent.');
      expect(change).toHaveBeenCalledTimes(1);
      expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
    });
  });
});
