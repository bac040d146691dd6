import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ActivityListQuerySchema,
  ActivityListSchema,
  ErrorBodySchema,
  PresidentSummarySchema,
} from '@cosa/contracts';
import { presidentSummary, recentActivities } from './president.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The president's dashboard (spec section 2): its tiles and the recent activity. */
export async function presidentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/president/summary',
    {
      schema: {
        tags: ['president'],
        summary: 'The dashboard tiles: pending approvals, room bookings, upcoming events, COSA records',
        response: { 200: PresidentSummarySchema, ...errors },
      },
    },
    async () => presidentSummary(app.deps.db, app.deps.config.TIME_ZONE),
  );

  api.get(
    '/api/activities',
    {
      schema: {
        tags: ['president'],
        summary:
          'Recent activity of the officials (approvals, events, COSA records) with who acted, newest first, paged',
        querystring: ActivityListQuerySchema,
        response: { 200: ActivityListSchema, ...errors },
      },
    },
    async (request) => recentActivities(app.deps.db, request.query.page, request.query.pageSize),
  );
}
