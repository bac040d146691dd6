import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES, ErrorBodySchema, HealthResponseSchema, PublicConfigSchema } from '@cosa/contracts';
import { databaseIsUp, publicConfigOf } from './system.service';

/** Health and public settings. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      if (!(await databaseIsUp(app.deps.db))) {
        return reply
          .code(503)
          .send({ error: { code: ERROR_CODES.unavailable, message: 'The database is not answering.' } });
      }
      return { status: 'ok' as const, database: app.deps.dbKind, time: new Date().toISOString() };
    },
  );

  api.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public settings of this installation',
        response: { 200: PublicConfigSchema },
      },
    },
    async () => publicConfigOf(app.deps.config),
  );
}
