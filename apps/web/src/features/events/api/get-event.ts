import { queryOptions, useQuery } from '@tanstack/react-query';
import { EventResponseSchema, type EventDetail } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventsKey } from './get-events';

export const eventKey = (id: string) => [...eventsKey, 'detail', id] as const;

/** GET /api/events/{id}: everything about one event; 404 when it does not exist. */
async function getEvent(id: string, signal: AbortSignal): Promise<EventDetail> {
  const { event } = await api.get(apiPaths.event(id), { schema: EventResponseSchema, signal });
  return event;
}

const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

export const useEvent = (id: string) => useQuery(eventQueryOptions(id));
