import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, EventListSchema, type EventList, type EventListQuery } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** The tab, search, organizing unit ('' for every unit) and page of /events, as the page keeps them in its address. */
export type EventFilters = { when: EventListQuery['when']; q: string; unitId: string; page: number };

/** Every query of the events feature starts with this key, so one change refreshes them all. */
export const eventsKey = ['events'] as const;

/** The query string the server reads; a blank search is left out. */
function eventsSearch({ when, q, unitId, page }: EventFilters, pageSize: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (unitId) params.set('unitId', unitId);
  params.set('when', when);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** GET /api/events: one page of upcoming or past events, with each tab's count. */
function getEvents(filters: EventFilters, pageSize: number, signal: AbortSignal): Promise<EventList> {
  return api.get(`${apiPaths.events}?${eventsSearch(filters, pageSize)}`, { schema: EventListSchema, signal });
}

const eventsQueryOptions = (filters: EventFilters, pageSize = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...eventsKey, 'list', filters, pageSize],
    queryFn: ({ signal }) => getEvents(filters, pageSize, signal),
    // The last page stays on screen while the next tab's or search's answer loads.
    placeholderData: keepPreviousData,
  });

export const useEvents = (filters: EventFilters) => useQuery(eventsQueryOptions(filters));
