import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { EventFilters } from './api/get-events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tab, search, unit and page read from the address; anything but 'past' is the upcoming tab, a unit that is no id is none. */
function filtersFrom(params: URLSearchParams): EventFilters {
  const unitId = (params.get('unitId') ?? '').trim();
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    q: searchFrom(params.get('q')),
    unitId: UUID.test(unitId) ? unitId.toLowerCase() : '',
    page: pageFrom(params),
  };
}

/** The tab, search, unit and page of /events, kept in the address. */
export const useEventFilters = () => useUrlFilters(filtersFrom);
