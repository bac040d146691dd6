import { type AuthResponse, type LoginRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSigningInMutation } from '../../../lib/session';

/** POST /api/auth/login: the signed-in user and the page to open next. */
function login(body: LoginRequest): Promise<AuthResponse> {
  return api.post(apiPaths.login, body);
}

export const useLogin = () => useSigningInMutation(login);
