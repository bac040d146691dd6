import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventResponseSchema, type EventDetail } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { rememberEvent } from './event-cache';

/** POST /api/events/{id}/cancellation: the event stays listed, marked cancelled. */
async function cancelEvent(id: string): Promise<EventDetail> {
  const { event } = await api.post(apiPaths.eventCancellation(id), {}, { schema: EventResponseSchema });
  return event;
}

export function useCancelEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelEvent(id),
    onSuccess: (event) => rememberEvent(client, event),
  });
}
