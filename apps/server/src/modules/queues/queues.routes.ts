import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, QueueCountsSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { queueCounts } from './queues.service';

/** What waits for the signed-in person in each queue they decide: the bell's own counts. */
export async function queuesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications/queues',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'What waits for you now in each queue you decide (none for a role that decides none), and your unread notifications other than queue notices',
        response: { 200: QueueCountsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => queueCounts(app.deps.db, currentUser(request), app.deps.config.TIME_ZONE),
  );
}
