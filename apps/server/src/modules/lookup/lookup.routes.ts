import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, LookupQuerySchema, LookupResponseSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { LOOKUP_KINDS, lookup } from './lookup.service';

const SUMMARIES = {
  users: 'Find people by name, username or student id',
  events: 'Find events by title',
  units: 'Find clubs and councils by name',
  positions: 'Find positions by title or unit name',
  officials:
    'Find the officials who appoint position holders (general secretaries, the president, club coordinators) by name or username',
} as const;

/** The searchable pickers' options, matched on the server so they work with tens of thousands of records. */
export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of LOOKUP_KINDS) {
    api.get(
      `/api/lookup/${kind}`,
      {
        schema: {
          tags: ['lookup'],
          summary: SUMMARIES[kind],
          querystring: LookupQuerySchema,
          response: {
            200: LookupResponseSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      },
      async (request) => ({
        items: await lookup(app.deps.db, kind, request.query.q, currentUser(request)),
      }),
    );
  }
}
