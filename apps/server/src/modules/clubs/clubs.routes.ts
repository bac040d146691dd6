import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema, MyClubResponseSchema } from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { myClub } from './clubs.service';

/** The club dashboard (spec section 2): the coordinator's club, found by their account's link. */
export async function clubsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/clubs/mine',
    {
      schema: {
        tags: ['clubs'],
        summary:
          "The coordinator's club with its counts, latest events, pending achievements and recent feedback (club null when the account has no club)",
        response: { 200: MyClubResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({ club: await myClub(app.deps.db, currentUser(request)) }),
  );
}
