import { POSITION_STATUSES } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { MyPositionFilters } from './api/get-my-positions';

const TENURE_PATTERN = /^\d{4}-\d{4}$/;

function isStatus(value: string): value is (typeof POSITION_STATUSES)[number] {
  return (POSITION_STATUSES as readonly string[]).includes(value);
}

/** The list's filters read from the address; a value that makes no sense there is ignored. */
function filtersFrom(params: URLSearchParams): MyPositionFilters {
  const status = params.get('status') ?? '';
  const tenureYear = params.get('tenureYear') ?? '';
  return {
    q: searchFrom(params.get('q')),
    status: isStatus(status) ? status : '',
    tenureYear: TENURE_PATTERN.test(tenureYear) ? tenureYear : '',
    page: pageFrom(params),
  };
}

/** The search, filters and page of /manage-position, kept in the address. */
export const usePositionFilters = () => useUrlFilters(filtersFrom);
