import { CLAIM_STATUSES } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { BudgetFilters } from './api/budgets';
import type { ClaimFilters } from './api/claims';

const TENURE = /^\d{4}-\d{4}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const tenureFrom = (value: string | null) => (value && TENURE.test(value) ? value : '');

function budgetFiltersFrom(params: URLSearchParams): BudgetFilters {
  return {
    tenureYear: tenureFrom(params.get('tenureYear')),
    q: searchFrom(params.get('q')),
    page: pageFrom(params),
  };
}

/** The tenure, search and page of /money, kept in the address; no tenure means the current one. */
export const useBudgetFilters = () => useUrlFilters(budgetFiltersFrom);

function claimFiltersFrom(params: URLSearchParams): ClaimFilters {
  const status = params.get('status') ?? '';
  const unitId = params.get('unitId') ?? '';
  return {
    status: (CLAIM_STATUSES as readonly string[]).includes(status) ? status : '',
    tenureYear: tenureFrom(params.get('tenureYear')),
    unitId: UUID.test(unitId) ? unitId : '',
    mine: params.get('mine') === 'awaiting' ? 'awaiting' : '',
    q: searchFrom(params.get('q')),
    page: pageFrom(params),
  };
}

/** The filters, tab and page of /money/claims, kept in the address; a value that makes no sense there is left out. */
export const useClaimFilters = () => useUrlFilters(claimFiltersFrom);
