import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, IdParamsSchema, PersonPageSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { cameFromOf } from '../privacy/access-log.service';
import { personPage } from './people.service';

/** A person's page (decision 0026): what the signed-in viewer may see of someone. */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/people/:id',
    {
      schema: {
        tags: ['people'],
        summary:
          "A person's verified record, with their personal details for themselves and the administrator, and their items awaiting the viewer's review; 404 for an account the viewer may not see",
        params: IdParamsSchema,
        response: {
          200: PersonPageSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      personPage(app.deps.db, currentUser(request), request.params.id, cameFromOf(request.headers)),
  );
}
