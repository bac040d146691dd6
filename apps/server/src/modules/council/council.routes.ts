import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouncilSummarySchema, ErrorBodySchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { councilSummary } from './council.service';

/** The counts of the general-secretary dashboards (spec section 2): what waits for the official. */
export async function councilRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/council/summary',
    {
      schema: {
        tags: ['council'],
        summary:
          'What waits for you: reviews of your types, unresolved feedback, upcoming events, room requests',
        response: { 200: CouncilSummarySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => councilSummary(app.deps.db, currentUser(request), app.deps.config.TIME_ZONE),
  );
}
