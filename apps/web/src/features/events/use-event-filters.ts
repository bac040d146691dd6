import { EVENT_CATEGORIES } from '@cosa/contracts';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import type { EventCategory, EventFilters } from './api/get-events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The months the server accepts (YYYY-MM, 2000-01 to 2100-12). */
const MONTH = /^(20\d\d|2100)-(0[1-9]|1[0-2])$/;

const isCategory = (value: string): value is EventCategory =>
  (EVENT_CATEGORIES as readonly string[]).includes(value);

/** A yes-or-no filter: 'true' in the address, '' (left out) otherwise. */
const flagFrom = (value: string | null): '' | 'true' => (value === 'true' ? 'true' : '');

/**
 * The tab, search, unit, filters, month and page read from the address; anything but 'past' is the
 * upcoming tab, and a unit, category or month that makes no sense is none.
 */
function filtersFrom(params: URLSearchParams): EventFilters {
  const unitId = (params.get('unitId') ?? '').trim();
  const category = params.get('category') ?? '';
  const month = params.get('month') ?? '';
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    q: searchFrom(params.get('q')),
    unitId: UUID.test(unitId) ? unitId.toLowerCase() : '',
    category: isCategory(category) ? category : '',
    open: flagFrom(params.get('open')),
    week: flagFrom(params.get('week')),
    pending: flagFrom(params.get('pending')),
    month: MONTH.test(month) ? month : '',
    page: pageFrom(params),
  };
}

/** The tab, search, unit, filters, month (the month view) and page of /events, kept in the address. */
export const useEventFilters = () => useUrlFilters(filtersFrom);
