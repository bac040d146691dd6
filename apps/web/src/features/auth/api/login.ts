import { type AuthResponse, type LoginRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useSigningIn } from './signing-in';

/** POST /api/auth/login: the signed-in user and the page to open next. */
function login(body: LoginRequest): Promise<AuthResponse> {
  return api.post(authApiPaths.login, body);
}

export const useLogin = () => useSigningIn(login);
