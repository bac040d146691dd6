import { type MessageResponse, type ResetPasswordRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useAction } from '../../../lib/use-action';

type Variables = { id: string; token: string; body: ResetPasswordRequest };

/** POST /api/auth/reset-password/:id/:token: sets the new password through the link. */
function resetPassword({ id, token, body }: Variables): Promise<MessageResponse> {
  return api.post(authApiPaths.resetPassword(id, token), body);
}

export const useResetPassword = () => useAction(resetPassword);
