import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErasureStatusSchema, type AdminErasureRequest } from '@cosa/contracts';
import { api } from '../../../../lib/api-client';

/** The administrator's view of a student's erasure (decision 0041). */
const erasurePath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/erasure`;
const adminErasureKey = (userId: string) => ['admin', 'users', userId, 'erasure'] as const;

/** GET /api/admin/users/:id/erasure: the administrator's view of a student's scheduled erasure. */
export const useAdminErasure = (userId: string) =>
  useQuery({
    queryKey: adminErasureKey(userId),
    queryFn: ({ signal }) => api.get(erasurePath(userId), { schema: ErasureStatusSchema, signal }),
  });

/** POST (with a reason) or DELETE /api/admin/users/:id/erasure. */
export function useChangeAdminErasure(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminErasureRequest | 'cancel') =>
      change === 'cancel'
        ? api.delete(erasurePath(userId), { schema: ErasureStatusSchema })
        : api.post(erasurePath(userId), change, { schema: ErasureStatusSchema }),
    onSuccess: (status) => client.setQueryData(adminErasureKey(userId), status),
    onError: () => client.invalidateQueries({ queryKey: adminErasureKey(userId) }),
  });
}
