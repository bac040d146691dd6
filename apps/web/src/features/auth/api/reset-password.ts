import { useMutation } from '@tanstack/react-query';
import { type MessageResponse, type ResetPasswordRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

type Variables = { id: string; token: string; body: ResetPasswordRequest };

/** POST /api/auth/reset-password/:id/:token: sets the new password through the link. */
function resetPassword({ id, token, body }: Variables): Promise<MessageResponse> {
  return api.post(apiPaths.resetPassword(id, token), body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
