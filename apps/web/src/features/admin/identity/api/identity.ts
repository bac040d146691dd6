import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CorrectionListSchema,
  CorrectionSchema,
  IdConflictListSchema,
  IdConflictSchema,
  type CorrectionDecision,
  type CorrectionStatus,
  type IdConflictDecisionInput,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';
import { adminSummaryKey } from '../../users/api/admin-summary';

const correctionsKey = ['admin', 'corrections'] as const;
const conflictsKey = ['admin', 'student-id-conflicts'] as const;

/** GET /api/admin/corrections?status=: the students' correction requests of one status. */
export function useAdminCorrections(status: CorrectionStatus) {
  return useQuery({
    queryKey: [...correctionsKey, status],
    queryFn: async ({ signal }) =>
      (
        await api.get(`${apiPaths.adminCorrections}?status=${status}`, {
          schema: CorrectionListSchema,
          signal,
        })
      ).items,
  });
}

/** POST /api/admin/corrections/{id}/decision. */
export function useDecideCorrection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionDecision) =>
      api.post(apiPaths.adminCorrectionDecision(id), body, {
        schema: z.object({ correction: CorrectionSchema }),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: correctionsKey }),
        client.invalidateQueries({ queryKey: adminSummaryKey }),
      ]),
  });
}

/** GET /api/admin/student-id-conflicts?status=. */
export function useIdConflicts(status: 'open' | 'settled') {
  return useQuery({
    queryKey: [...conflictsKey, status],
    queryFn: async ({ signal }) =>
      (
        await api.get(`${apiPaths.adminIdConflicts}?status=${status}`, {
          schema: IdConflictListSchema,
          signal,
        })
      ).items,
  });
}

/** POST /api/admin/student-id-conflicts/{id}/decision. */
export function useDecideIdConflict(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IdConflictDecisionInput) =>
      api.post(apiPaths.adminIdConflictDecision(id), body, {
        schema: z.object({ conflict: IdConflictSchema }),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: conflictsKey }),
        client.invalidateQueries({ queryKey: adminSummaryKey }),
      ]),
  });
}
