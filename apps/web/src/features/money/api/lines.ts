import { useQuery } from '@tanstack/react-query';
import { LineHistorySchema, UnitLinesSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi, queryOf } from '../money-paths';
import { moneyKey } from './budgets';

/** GET /api/money/lines/{id}: a line's figures and its ledger, newest first. */
export function useLineHistory(id: string) {
  return useQuery({
    queryKey: [...moneyKey, 'line', id],
    queryFn: ({ signal }) => api.get(moneyApi.line(id), { schema: LineHistorySchema, signal }),
  });
}

/** GET /api/money/units/{id}/lines: a club's lines of the tenure with what each has left; idle without a club. */
export function useUnitLines(unitId: string, tenureYear: string) {
  return useQuery({
    queryKey: [...moneyKey, 'unit-lines', unitId, tenureYear],
    queryFn: ({ signal }) =>
      api.get(`${moneyApi.unitLines(unitId)}${queryOf({ tenureYear })}`, {
        schema: UnitLinesSchema,
        signal,
      }),
    enabled: unitId !== '',
  });
}
