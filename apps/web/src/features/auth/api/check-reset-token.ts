import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** GET /api/auth/reset-password/:id/:token: whether the reset link may still be used (typed, not parsed: decision 0010). */
const resetTokenQueryOptions = (id: string, token: string) =>
  queryOptions({
    queryKey: ['reset-token', id, token] as const,
    queryFn: ({ signal }) => api.get<MessageResponse>(apiPaths.resetPassword(id, token), { signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

export function useResetTokenCheck(id: string, token: string) {
  return useQuery(resetTokenQueryOptions(id, token));
}
