import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BudgetOverviewSchema } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi, queryOf } from '../money-paths';

/** Every query of club money starts with this key, so one change refreshes them all. */
export const moneyKey = ['money'] as const;

/** The budgets page's tenure ('' for the current one, which the server picks), search and page. */
export type BudgetFilters = { tenureYear: string; q: string; page: number };

/** GET /api/money/budgets: a page of the units the reader may see, with their lines, and the totals. */
export function useBudgets({ tenureYear, q, page }: BudgetFilters) {
  return useQuery({
    queryKey: [...moneyKey, 'budgets', tenureYear, q, page],
    queryFn: ({ signal }) =>
      api.get(`${moneyApi.budgets}${queryOf({ tenureYear, q, page: page > 1 ? page : undefined })}`, {
        schema: BudgetOverviewSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/money/budgets/export: the tenure's budgets as a CSV file. */
export const budgetsExportHref = (tenureYear: string): string =>
  `${moneyApi.budgetsExport}${queryOf({ tenureYear })}`;
