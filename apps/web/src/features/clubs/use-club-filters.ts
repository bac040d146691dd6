import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { ClubFilters } from './api/get-clubs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The highest page the server reads. */
const MAX_PAGE = 1000;
/** The longest category the server accepts. */
const MAX_CATEGORY = 40;

/** The search, council, category and page read from the address; a council that is no id is none. */
function filtersFrom(params: URLSearchParams): ClubFilters {
  const council = (params.get('council') ?? '').trim();
  const category = (params.get('category') ?? '').trim().toLowerCase();
  return {
    q: searchFrom(params.get('q')),
    council: UUID.test(council) ? council.toLowerCase() : '',
    category: category.length <= MAX_CATEGORY ? category : '',
    // The server pages up to 1000; an address past it asks for the last page it could hold.
    page: Math.min(pageFrom(params), MAX_PAGE),
  };
}

/** The search and filters of /clubs, kept in the address. */
export const useClubFilters = () => useUrlFilters(filtersFrom);
