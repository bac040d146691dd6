import { api } from '../../../lib/api-client';
import { authApiPaths } from './auth-paths';

/** POST /api/auth/logout: ends the session and clears its cookie. */
export async function logout(): Promise<void> {
  await api.post(authApiPaths.logout);
}
