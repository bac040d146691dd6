import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** POST /api/auth/logout: ends the session and clears its cookie. */
async function logout(): Promise<void> {
  await api.post(apiPaths.logout);
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
