import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, GlobalSearchQuerySchema, SearchResponseSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { globalSearch } from './search.service';

/** GET /api/search: the header's global search. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search people, clubs and units, events, positions, announcements and your queues, grouped by kind',
        querystring: GlobalSearchQuerySchema,
        response: {
          200: SearchResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      globalSearch(app.deps.db, currentUser(request), request.query.q, app.deps.config.TIME_ZONE),
  );
}
