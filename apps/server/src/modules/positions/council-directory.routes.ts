import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DirectoryPositionListQuerySchema,
  DirectoryPositionListSchema,
  ErrorBodySchema,
  OfficeBearerListQuerySchema,
  OfficeBearerListSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { listDirectoryPositions, listOfficeBearers } from './council-directory.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** COSA View (/council): the council's office-bearers and positions, for every signed-in, onboarded user. */
export async function councilDirectoryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/directory/office-bearers',
    {
      schema: {
        tags: ['positions'],
        summary:
          'The people holding a position now (name, position, unit, tenure), searched and filtered by unit; paged',
        querystring: OfficeBearerListQuerySchema,
        response: { 200: OfficeBearerListSchema, ...errors },
      },
    },
    async (request) => listOfficeBearers(app.deps.db, request.query),
  );

  api.get(
    '/api/directory/positions',
    {
      schema: {
        tags: ['positions'],
        summary:
          "Positions in use with this tenure's seats and, for a student, where their record falls short of the requirements; paged",
        querystring: DirectoryPositionListQuerySchema,
        response: { 200: DirectoryPositionListSchema, ...errors },
      },
    },
    async (request) => listDirectoryPositions(app.deps.db, currentUser(request), request.query),
  );
}
