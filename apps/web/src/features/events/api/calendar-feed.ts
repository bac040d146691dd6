import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedSchema, type CalendarFeed } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

const calendarFeedKey = ['calendar-feed'] as const;

/** GET /api/me/calendar-feed: whether the person has a private feed, and since when. */
const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.get(apiPaths.myCalendarFeed, { schema: CalendarFeedSchema, signal }),
  });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/**
 * POST /api/me/calendar-feed: a new secret address (the old one stops working). The answer holds
 * the address this once; the cache keeps only that a feed exists, never the secret.
 */
export function useMakeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.myCalendarFeed, {}, { schema: CalendarFeedSchema }),
    onSuccess: (feed: CalendarFeed) => client.setQueryData(calendarFeedKey, { ...feed, url: null }),
  });
}

/** DELETE /api/me/calendar-feed: the address stops working. */
export function useStopCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(apiPaths.myCalendarFeed, { schema: CalendarFeedSchema }),
    onSuccess: (feed: CalendarFeed) => client.setQueryData(calendarFeedKey, feed),
  });
}

/** The full address of a unit's public feed, on the portal's own origin. */
export const unitCalendarUrl = (unitId: string): string =>
  new URL(apiPaths.unitCalendar(unitId), window.location.origin).href;
