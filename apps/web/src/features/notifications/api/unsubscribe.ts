import { useMutation } from '@tanstack/react-query';
import { NOTIFICATION_KINDS, type UnsubscribeResult } from '@cosa/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/**
 * The answer, checked by hand against UnsubscribeResultSchema: the page is opened from an e-mail,
 * signed out, and should not load the schema library for two fields.
 */
function resultOf(body: unknown): UnsubscribeResult {
  const { kind, email } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if ((NOTIFICATION_KINDS as readonly unknown[]).includes(kind) && typeof email === 'string')
    return { kind: kind as UnsubscribeResult['kind'], email };
  throw new ApiError(200, 'INVALID_RESPONSE', 'The server sent an unexpected answer. Please try again.');
}

/** POST /api/notifications/unsubscribe: the e-mail's signed token alone turns that kind's e-mail off. */
async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return resultOf(await api.post(apiPaths.unsubscribe, { token }));
}

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
