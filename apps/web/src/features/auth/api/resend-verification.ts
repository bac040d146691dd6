import type { MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useAction } from '../../../lib/use-action';

/** POST /api/auth/verify-email/resend: e-mails the signed-in user a new verification link. */
function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>(authApiPaths.resendVerification);
}

export const useResendVerification = () => useAction(resendVerification);
