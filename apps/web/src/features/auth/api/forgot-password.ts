import { type ForgotPasswordRequest, type MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useAction } from '../../../lib/use-action';

/** POST /api/auth/forgot-password: e-mails a reset link. */
function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post(authApiPaths.forgotPassword, body);
}

export const useForgotPassword = () => useAction(forgotPassword);
