import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EventRatingResponseSchema,
  type EventRatingInput,
  type EventRatingResponse,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { eventKey } from './get-event';

/** POST /api/events/{id}/rating: an attendee's rating, its comments reaching the event's feedback desk. */
async function rateEvent(id: string, body: EventRatingInput): Promise<EventRatingResponse['rating']> {
  const { rating } = await api.post(apiPaths.eventRating(id), body, {
    schema: EventRatingResponseSchema,
  });
  return rating;
}

/** Rating an event; its page loads again after, so it stops offering the form. */
export function useRateEvent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventRatingInput) => rateEvent(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: eventKey(id) }),
  });
}
