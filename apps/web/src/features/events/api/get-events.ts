import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  EventListSchema,
  type EVENT_CATEGORIES,
  type EventList,
  type EventListQuery,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/**
 * The /events list as the page keeps it in its address: the tab, search, organizing unit ('' for
 * every unit), category, the yes-or-no filters ('true' or ''), the month of the month view ('' for
 * the list) and the page.
 */
export type EventFilters = {
  when: EventListQuery['when'];
  q: string;
  unitId: string;
  category: EventCategory | '';
  open: '' | 'true';
  week: '' | 'true';
  pending: '' | 'true';
  month: string;
  page: number;
};

/** Every query of the events feature starts with this key, so one change refreshes them all. */
export const eventsKey = ['events'] as const;

/**
 * The filters as the server reads them; blanks are left out. The month view asks for the whole
 * month (the server ignores the tab then), the list for its tab.
 */
function filterParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.unitId) params.set('unitId', filters.unitId);
  if (filters.category) params.set('category', filters.category);
  for (const flag of ['open', 'week', 'pending'] as const) if (filters[flag]) params.set(flag, 'true');
  if (filters.month) params.set('month', filters.month);
  else params.set('when', filters.when);
  return params;
}

/** The list's query string: its filters and, in the list, the page. */
function eventsSearch(filters: EventFilters, pageSize: number): string {
  const params = filterParams(filters);
  if (filters.month) return params.toString();
  params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** GET /api/events/export: the CSV of every page of the tab (or of the month) under the same filters. */
export const eventsExportHref = (filters: EventFilters): string =>
  `${apiPaths.exports.events}?${filterParams(filters).toString()}`;

/** GET /api/events: one page of upcoming or past events, with each tab's count; or a whole month. */
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
    // The last page stays on screen while the next tab's, search's or month's answer loads; a
    // list's page is never shown as a month, nor a month as a list.
    placeholderData: (previous, previousQuery) =>
      Boolean((previousQuery?.queryKey[2] as EventFilters | undefined)?.month) === Boolean(filters.month)
        ? keepPreviousData(previous)
        : undefined,
  });

export const useEvents = (filters: EventFilters) => useQuery(eventsQueryOptions(filters));
