import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** POST /api/auth/verify-email/resend: e-mails the signed-in user a new verification link. */
function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>(apiPaths.resendVerification);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
