import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AllocationResponseSchema,
  MoneySettingsSchema,
  TransferResponseSchema,
  type AllocationInput,
  type MoneySettingsInput,
  type TransferInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi } from '../money-paths';
import { moneyKey } from './budgets';

/** After any movement of money: the budgets, the lines and the claims load again. */
function useRefreshMoney() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: moneyKey });
}

/** POST /api/money/allocations: the president or the administrator adds to a unit's line, or reduces it. */
export function useAllocate() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: AllocationInput) =>
      api.post(moneyApi.allocations, body, { schema: AllocationResponseSchema }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/money/transfers: part of a council's line passed down to one of its clubs. */
export function useTransfer() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: TransferInput) =>
      api.post(moneyApi.transfers, body, { schema: TransferResponseSchema }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/money/settings: the administrator sets the amount above which the president approves. */
export function useSaveMoneySettings() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (body: MoneySettingsInput) =>
      api.put(moneyApi.settings, body, { schema: MoneySettingsSchema }),
    onSuccess: () => refresh(),
  });
}
