import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErasureStatusSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { privacyPaths } from './privacy-paths';
import { privacyKey } from './choices';

const myErasureKey = [...privacyKey, 'erasure'] as const;

/** GET /api/me/erasure: the erasure of my account, if one is scheduled. */
export const useMyErasure = () =>
  useQuery({
    queryKey: myErasureKey,
    queryFn: ({ signal }) => api.get(privacyPaths.erasure, { schema: ErasureStatusSchema, signal }),
  });

/** POST (schedule) or DELETE (cancel) /api/me/erasure. */
export function useChangeMyErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'schedule' | 'cancel') =>
      change === 'schedule'
        ? api.post(privacyPaths.erasure, {}, { schema: ErasureStatusSchema })
        : api.delete(privacyPaths.erasure, { schema: ErasureStatusSchema }),
    onSuccess: (status) => client.setQueryData(myErasureKey, status),
    onError: () => client.invalidateQueries({ queryKey: myErasureKey }),
  });
}
