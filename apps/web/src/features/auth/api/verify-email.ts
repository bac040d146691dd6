import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionUser, type VerifyEmailRequest, type VerifyEmailResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { sessionQueryKey, setSessionUser } from '../../../lib/session';

/** POST /api/auth/verify-email: proves the address with the e-mailed token (and the password unless signed in to that account). */
function verifyEmail(body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return api.post(apiPaths.verifyEmail, body);
}

/** A verification signs the browser in to the verified account, which may replace another account's session. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user }) => {
      const before = client.getQueryData<SessionUser | null>(sessionQueryKey);
      // What was loaded for the other account must not show under this one; this page itself shows only the session and the settings.
      if (before && before.id !== user.id) client.removeQueries({ type: 'inactive' });
      setSessionUser(client, user);
    },
  });
}
