import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUnitListSchema,
  AdminUnitResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
  UnitCreateInputSchema,
  UnitRetirementResponseSchema,
  UnitUpdateInputSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { createUnit, listUnits, reinstateUnit, retireUnit, updateUnit } from './admin-units.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** /admin/units (deviation 60): the institute administrator runs the council's tree of units. */
export async function adminUnitsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/units',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every unit, retired ones included, with its counts; the page builds the tree from parentId',
        response: { 200: AdminUnitListSchema, ...errors },
      },
    },
    async () => ({ units: await listUnits(app.deps.db) }),
  );

  api.post(
    '/api/admin/units',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Create a unit: one apex council at the top, councils under it, clubs under it, a council or another club; names unique whatever the case',
        body: UnitCreateInputSchema,
        response: { 201: AdminUnitResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ unit: await createUnit(app.deps.db, currentUser(request), request.body) }),
  );

  api.patch(
    '/api/admin/units/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Rename, retype, move or describe a unit; a move under itself or one of its own units is a 409 (the database refuses it too)',
        params: IdParamsSchema,
        body: UnitUpdateInputSchema,
        response: { 200: AdminUnitResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      unit: await updateUnit(app.deps.db, currentUser(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/api/admin/units/:id/retirement',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Retire a unit: it keeps its history, leaves every picker and its open positions retire with it; refused while units below it are in use or a coordinator is linked to it',
        params: IdParamsSchema,
        response: { 200: UnitRetirementResponseSchema, ...changeErrors },
      },
    },
    async (request) => retireUnit(app.deps.db, currentUser(request), request.params.id),
  );

  api.post(
    '/api/admin/units/:id/reinstatement',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reinstate a retired unit (its parent must be in use); its retired positions stay retired',
        params: IdParamsSchema,
        response: { 200: AdminUnitResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      unit: await reinstateUnit(app.deps.db, currentUser(request), request.params.id),
    }),
  );
}
