import { describe, expect, it } from 'vitest';
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
});
