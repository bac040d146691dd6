import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EventResponseSchema, type EventDecision, type EventDetail } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { rememberEvent } from './event-cache';

/** POST /api/events/{id}/decision: approve a club's proposal, ask for changes, or reject it. */
async function decideEvent(id: string, decision: EventDecision): Promise<EventDetail> {
  const { event } = await api.post(apiPaths.eventDecision(id), decision, {
    schema: EventResponseSchema,
  });
  return event;
}

export function useDecideEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: EventDecision) => decideEvent(id, decision),
    onSuccess: (event) => rememberEvent(client, event),
  });
}
