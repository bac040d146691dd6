import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ClaimListSchema,
  ClaimOptionsSchema,
  ClaimResponseSchema,
  DEFAULT_PAGE_SIZE,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi, queryOf } from '../money-paths';
import { moneyKey } from './budgets';

/** The claims list's filters as the page keeps them in its address ('' for none). */
export type ClaimFilters = {
  status: string;
  tenureYear: string;
  unitId: string;
  mine: string;
  q: string;
  page: number;
};

const filterValues = ({ status, tenureYear, unitId, mine, q }: ClaimFilters) => ({
  status,
  tenureYear,
  unitId,
  mine,
  q,
});

/** GET /api/money/claims: one page of the claims the reader may see, with how many await them. */
export function useClaims(filters: ClaimFilters) {
  return useQuery({
    queryKey: [...moneyKey, 'claims', filters],
    queryFn: ({ signal }) =>
      api.get(
        `${moneyApi.claims}${queryOf({ ...filterValues(filters), page: filters.page, pageSize: DEFAULT_PAGE_SIZE })}`,
        { schema: ClaimListSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/money/claims/export: every claim under the same filters, as a CSV file. */
export const claimsExportHref = (filters: ClaimFilters): string =>
  `${moneyApi.claimsExport}${queryOf(filterValues(filters))}`;

/** GET /api/money/claims/options: the clubs the reader may file claims for, with their events. */
export function useClaimOptions() {
  return useQuery({
    queryKey: [...moneyKey, 'claim-options'],
    queryFn: ({ signal }) => api.get(moneyApi.claimOptions, { schema: ClaimOptionsSchema, signal }),
  });
}

export const claimKey = (id: string) => [...moneyKey, 'claim', id] as const;

/** GET /api/money/claims/{id}: the claim, its receipts, its timeline and what the reader may do. */
export function useClaim(id: string) {
  return useQuery({
    queryKey: claimKey(id),
    queryFn: async ({ signal }) =>
      (await api.get(moneyApi.claim(id), { schema: ClaimResponseSchema, signal })).claim,
  });
}
