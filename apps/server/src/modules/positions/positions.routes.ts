import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  IdParamsSchema,
  PositionExportQuerySchema,
  PositionInputSchema,
  PositionListQuerySchema,
  PositionListSchema,
  PositionResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { positionsExport } from './positions-export.service';
import { getPosition, listPositions } from './positions.read';
import { createPosition, deletePosition, retirePosition, updatePosition } from './positions.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Positions of responsibility: the /cosa list and the /cosa/create form, with edit, delete and retire (spec section 2). */
export async function positionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/positions',
    {
      schema: {
        tags: ['positions'],
        summary:
          'List positions (search, department, type, state; paged); a club coordinator sees their club only',
        querystring: PositionListQuerySchema,
        response: { 200: PositionListSchema, ...errors },
      },
    },
    async (request) => listPositions(app.deps.db, currentUser(request), request.query),
  );

  // CSV text streamed a page at a time, so no JSON answer schema for 200; registered before '/api/positions/:id'.
  api.get(
    '/api/positions/export',
    {
      schema: {
        tags: ['positions'],
        summary: 'View Positions as CSV, with the same scope and filters as the list',
        querystring: PositionExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = await positionsExport(app.deps.db, currentUser(request), request.query);
      return sendCsv(reply, 'positions', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.post(
    '/api/positions',
    {
      schema: {
        tags: ['positions'],
        summary: 'Create a position (Add Position form)',
        body: PositionInputSchema,
        response: { 201: PositionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ position: await createPosition(app.deps.db, currentUser(request), request.body) }),
  );

  api.get(
    '/api/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'A position with its requirements',
        params: IdParamsSchema,
        response: { 200: PositionResponseSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ({
      position: await getPosition(app.deps.db, currentUser(request), request.params.id),
    }),
  );

  api.put(
    '/api/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary:
          'Edit a position with the Add Position rules; the count cannot drop below the active holders of a tenure',
        params: IdParamsSchema,
        body: PositionInputSchema,
        response: { 200: PositionResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      position: await updatePosition(app.deps.db, currentUser(request), request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'Delete a position that never had holders (otherwise retire it)',
        params: IdParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await deletePosition(app.deps.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/positions/:id/retirement',
    {
      schema: {
        tags: ['positions'],
        summary: 'Retire a position: it keeps its history, takes no new holders and leaves the pickers',
        params: IdParamsSchema,
        response: { 200: PositionResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      position: await retirePosition(app.deps.db, currentUser(request), request.params.id),
    }),
  );
}
