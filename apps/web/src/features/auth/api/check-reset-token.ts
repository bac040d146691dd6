import { useEffect, useState } from 'react';
import type { MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

type Check =
  | { status: 'pending' }
  | { status: 'success'; data: MessageResponse }
  | { status: 'error'; error: unknown };

/**
 * GET /api/auth/reset-password/:id/:token as the page opens: whether the reset link may still be
 * used (typed, not parsed: decisions 0010 and 0013).
 */
export function useResetTokenCheck(id: string, token: string): Check {
  const link = `${id}/${token}`;
  const [answer, setAnswer] = useState<{ link: string; check: Check } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.get<MessageResponse>(authApiPaths.resetPassword(id, token), { signal: controller.signal }).then(
      (data) => setAnswer({ link, check: { status: 'success', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ link, check: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [id, token, link]);
  return answer?.link === link ? answer.check : { status: 'pending' };
}
