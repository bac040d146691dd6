import { type AuthResponse, type RegisterRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { useSigningInMutation } from '../../../lib/session';

/** POST /api/auth/register: creates the account and signs it in. */
function register(body: RegisterRequest): Promise<AuthResponse> {
  return api.post(apiPaths.register, body);
}

export const useRegister = () => useSigningInMutation(register);
