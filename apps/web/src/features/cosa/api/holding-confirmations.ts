import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmHoldingsResultSchema,
  UnconfirmedHoldingListSchema,
  type ConfirmHoldingsRequest,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { cosaKey } from './positions';

const confirmationsKey = [...cosaKey, 'holding-confirmations'] as const;

/** GET /api/admin/holding-confirmations: the holdings awaiting the administrator's confirmation, of one unit or all. */
export function useUnconfirmedHoldings(filters: { unitId: string; q: string }) {
  const params = new URLSearchParams();
  if (filters.unitId) params.set('unitId', filters.unitId);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return useQuery({
    queryKey: [...confirmationsKey, filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.holdingConfirmations}?${params.toString()}`, {
        schema: UnconfirmedHoldingListSchema,
        signal,
      }),
  });
}

/** POST /api/admin/holding-confirmations: one holding, or a unit's; every position list is read again. */
export function useConfirmHoldings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmHoldingsRequest) =>
      api.post(apiPaths.holdingConfirmations, body, { schema: ConfirmHoldingsResultSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cosaKey }),
  });
}
