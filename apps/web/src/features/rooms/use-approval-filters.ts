import { APPROVAL_FILTERS, type ApprovalFilter } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { ApprovalFilters } from './api/approvals';

const isFilter = (value: string): value is ApprovalFilter =>
  (APPROVAL_FILTERS as readonly string[]).includes(value);

/** The panel's filters read from the address; a value that makes no sense there means All Requests. */
function filtersFrom(params: URLSearchParams): ApprovalFilters {
  const status = params.get('status') ?? '';
  return {
    status: isFilter(status) ? status : 'all',
    q: searchFrom(params.get('q')),
    page: pageFrom(params),
  };
}

/** The tab, search and page of /president-approval, kept in the address. */
export const useApprovalFilters = () => useUrlFilters(filtersFrom);
