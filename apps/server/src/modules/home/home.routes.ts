import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, HomeDashboardSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { homeDashboard } from './home.service';

/** The student home dashboard in one request (spec section 1). */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/me/dashboard',
    {
      schema: {
        tags: ['home'],
        summary: 'Your home dashboard: welcome line, counters, upcoming events, latest achievement',
        response: { 200: HomeDashboardSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => homeDashboard(app.deps.db, currentUser(request).id),
  );
}
