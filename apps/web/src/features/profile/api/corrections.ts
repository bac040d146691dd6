import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CorrectionListSchema,
  CorrectionSchema,
  type Correction,
  type CorrectionRequest,
} from '@cosa/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { ownRecordKey } from '../../../lib/own-record';

const correctionsKey = ownRecordKey('corrections');

/** GET /api/me/corrections: the student's own correction requests, newest first. */
export function useOwnCorrections() {
  return useQuery({
    queryKey: correctionsKey,
    queryFn: async ({ signal }) =>
      (await api.get(apiPaths.myCorrections, { schema: CorrectionListSchema, signal })).items,
  });
}

/** POST /api/me/corrections: asks the administrator to correct one fact. */
export function useFileCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CorrectionRequest): Promise<Correction> =>
      (
        await api.post(apiPaths.myCorrections, body, {
          schema: z.object({ correction: CorrectionSchema }),
        })
      ).correction,
    onSuccess: () => client.invalidateQueries({ queryKey: correctionsKey }),
  });
}
