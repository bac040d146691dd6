import { type AuthResponse, type RegisterRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';
import { useSigningIn } from './signing-in';

/** POST /api/auth/register: creates the account and signs it in. */
function register(body: RegisterRequest): Promise<AuthResponse> {
  return api.post(authApiPaths.register, body);
}

export const useRegister = () => useSigningIn(register);
