import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventResponseSchema, type EventDetail, type EventInput } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { rememberEvent } from './event-cache';

/** POST /api/events: a new event; the signed-in official is its creator. */
async function createEvent(body: EventInput): Promise<EventDetail> {
  const { event } = await api.post(apiPaths.events, body, { schema: EventResponseSchema });
  return event;
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: (event) => rememberEvent(client, event) });
}
