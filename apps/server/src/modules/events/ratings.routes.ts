import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  EventRatingInputSchema,
  EventRatingResponseSchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { rateEvent } from './ratings.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** An attendee's rating of an event, its comments reaching the event's feedback desk. */
export async function eventRatingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/events/:id/rating',
    {
      schema: {
        tags: ['events'],
        summary:
          'Rate an event you were checked in at, once it has started (1 to 5, optional comments that reach its feedback desk)',
        params: IdParamsSchema,
        body: EventRatingInputSchema,
        response: { 201: EventRatingResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rating = await rateEvent(app.deps.db, currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ rating });
    },
  );
}
