import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { EventFilters } from './api/get-events';

const MAX_SEARCH_LENGTH = 100;

/** The tab, search and page read from the address; anything but 'past' is the upcoming tab. */
function filtersFrom(params: URLSearchParams): EventFilters {
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    page: pageFrom(params),
  };
}

/** The tab, search and page of /events, kept in the address. */
export const useEventFilters = () => useUrlFilters(filtersFrom);
