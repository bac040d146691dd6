import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  HolderExportQuerySchema,
  HolderInputSchema,
  HolderListQuerySchema,
  HolderListSchema,
  IdParamsSchema,
  PositionHolderResponseSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { cameFromOf, recordAccessMany } from '../privacy/access-log.service';
import { sendCsv } from '../../lib/csv-export';
import { holdersExport } from './positions-export.service';
import { getHolder, listHolders } from './position-holders.read';
import { createHolder, deleteHolder, updateHolder } from './position-holders.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Position holders (PORs): the /cosa list and the /cosa/create form, with edit and delete (spec section 2). */
export async function positionHoldersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/position-holders',
    {
      schema: {
        tags: ['positions'],
        summary:
          'List position holders (search, status, tenure year, department; paged); a club coordinator sees their club only',
        querystring: HolderListQuerySchema,
        response: { 200: HolderListSchema, ...errors },
      },
    },
    async (request) => listHolders(app.deps.db, currentUser(request), request.query),
  );

  // CSV text streamed a page at a time, so no JSON answer schema for 200; registered before '/api/position-holders/:id'.
  api.get(
    '/api/position-holders/export',
    {
      schema: {
        tags: ['positions'],
        summary: 'View Position Holders as CSV, with the same scope and filters as the list',
        querystring: HolderExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { read, columns, subjects } = await holdersExport(app.deps.db, actor, request.query);
      await recordAccessMany(app.deps.db, subjects, {
        viewer: actor,
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'position-holders', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.post(
    '/api/position-holders',
    {
      schema: {
        tags: ['positions'],
        summary:
          "Appoint a position holder (a club coordinator's appointment is pending until a general secretary or the president verifies it); 409 when no seat is free, or REQUIREMENTS_NOT_MET with the shortfall until confirm is true; 403 for your own holding",
        body: HolderInputSchema,
        response: { 201: PositionHolderResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        holder: await createHolder(app.deps.db, currentUser(request), request.body, {
          timeZone: app.deps.config.TIME_ZONE,
        }),
      }),
  );

  api.get(
    '/api/position-holders/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'A position holder',
        params: IdParamsSchema,
        response: { 200: PositionHolderResponseSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ({
      holder: await getHolder(app.deps.db, currentUser(request), request.params.id),
    }),
  );

  api.put(
    '/api/position-holders/:id',
    {
      schema: {
        tags: ['positions'],
        summary:
          'Edit a position holder; an active holding may become completed or terminated, an ended one stays ended; 403 for your own holding',
        params: IdParamsSchema,
        body: HolderInputSchema,
        response: { 200: PositionHolderResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      holder: await updateHolder(app.deps.db, currentUser(request), request.params.id, request.body, {
        timeZone: app.deps.config.TIME_ZONE,
      }),
    }),
  );

  api.delete(
    '/api/position-holders/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'Delete a position holder',
        params: IdParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await deleteHolder(app.deps.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
