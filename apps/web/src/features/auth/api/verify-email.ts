import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VerifyEmailResponseSchema, type VerifyEmailRequest, type VerifyEmailResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { setSessionUser } from '../../../lib/session';

/** POST /api/auth/verify-email: proves the address with the e-mailed token. */
function verifyEmail(body: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return api.post(apiPaths.verifyEmail, body, { schema: VerifyEmailResponseSchema });
}

/** The answer carries the refreshed user only when this browser is signed in to the verified account. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user }) => {
      if (user) setSessionUser(client, user);
    },
  });
}
