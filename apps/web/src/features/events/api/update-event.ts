import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventResponseSchema, type EventDetail, type EventInput } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { rememberEvent } from './event-cache';

/** PUT /api/events/{id}: the whole event, as the form holds it. */
async function updateEvent(id: string, body: EventInput): Promise<EventDetail> {
  const { event } = await api.put(apiPaths.event(id), body, { schema: EventResponseSchema });
  return event;
}

export function useUpdateEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventInput) => updateEvent(id, body),
    onSuccess: (event) => rememberEvent(client, event),
  });
}
