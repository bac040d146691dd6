import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  EventListSchema,
  type EventList,
  type EventListQuery,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** The tab, search, organizing unit ('' for every unit) and page of /events, as the page keeps them in its address. */
export type EventFilters = { when: EventListQuery['when']; q: string; unitId: string; page: number };

/** Every query of the events feature starts with this key, so one change refreshes them all. */
export const eventsKey = ['events'] as const;

/** The filters as the server reads them; a blank search is left out. */
function filterParams({ when, q, unitId }: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (unitId) params.set('unitId', unitId);
  params.set('when', when);
  return params;
}

/** The list's query string: its filters and the page. */
function eventsSearch(filters: EventFilters, pageSize: number): string {
  const params = filterParams(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** GET /api/events/export: the CSV of every page of the tab under the same search and unit. */
export const eventsExportHref = (filters: EventFilters): string =>
  `${apiPaths.exports.events}?${filterParams(filters).toString()}`;

/** GET /api/events: one page of upcoming or past events, with each tab's count. */
function getEvents(filters: EventFilters, pageSize: number, signal: AbortSignal): Promise<EventList> {
  return api.get(`${apiPaths.events}?${eventsSearch(filters, pageSize)}`, {
    schema: EventListSchema,
    signal,
  });
}

const eventsQueryOptions = (filters: EventFilters, pageSize = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...eventsKey, 'list', filters, pageSize],
    queryFn: ({ signal }) => getEvents(filters, pageSize, signal),
    // The last page stays on screen while the next tab's or search's answer loads.
    placeholderData: keepPreviousData,
  });

export const useEvents = (filters: EventFilters) => useQuery(eventsQueryOptions(filters));
