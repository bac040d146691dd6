import { useMutation } from '@tanstack/react-query';
import { type ForgotPasswordRequest, type MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** POST /api/auth/forgot-password: e-mails a reset link. */
function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post(apiPaths.forgotPassword, body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
