import { useCallback } from 'react';
import { type VerifyEmailRequest, type VerifyEmailResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useSessionStore } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';

/** POST /api/auth/verify-email: proves the address with the e-mailed token (and the password unless signed in to that account). */
function verifyEmail(body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return api.post(authApiPaths.verifyEmail, body);
}

/**
 * A verification signs the browser in to the verified account, which may replace another
 * account's session (the query client then forgets what was loaded for that one).
 */
export function useVerifyEmail() {
  const session = useSessionStore();
  const verify = useCallback(
    async (body: VerifyEmailRequest) => {
      const answer = await verifyEmail(body);
      session.set(answer.user);
      return answer;
    },
    [session],
  );
  return useAction(verify);
}
