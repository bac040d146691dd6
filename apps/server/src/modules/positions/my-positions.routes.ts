import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeclarePositionRequestSchema,
  EditPositionRequestSchema,
  ErrorBodySchema,
  IdParamsSchema,
  MyPositionListQuerySchema,
  MyPositionListSchema,
  MyPositionResponseSchema,
} from '@cosa/contracts';
import { currentStudent, currentUser } from '../../lib/current-user';
import { declareOwnPosition, listOwnPositions } from './my-positions.service';
import { editOwnPosition, withdrawOwnPosition } from './my-position-edits.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** The signed-in student's own positions of responsibility (spec section 2, Manage Positions). */
export async function myPositionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/me/positions',
    {
      schema: {
        tags: ['positions'],
        summary: 'List your position-holder records (search, status, tenure year; paged)',
        querystring: MyPositionListQuerySchema,
        response: { 200: MyPositionListSchema, ...errors },
      },
    },
    async (request) => listOwnPositions(app.deps.db, currentUser(request), request.query),
  );

  api.post(
    '/api/me/positions',
    {
      schema: {
        tags: ['positions'],
        summary: 'Declare a position you held (self-declared until an official verifies it)',
        description: '403 for the institute administrator, who keeps no student record.',
        body: DeclarePositionRequestSchema,
        response: { 201: MyPositionResponseSchema, 409: ErrorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const position = await declareOwnPosition(
        app.deps.db,
        currentStudent(request),
        request.body,
        app.deps.config.TIME_ZONE,
      );
      return reply.code(201).send({ position });
    },
  );

  api.patch(
    '/api/me/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary:
          'Edit a position you declared while it awaits verification, or correct and resend it after a decline',
        description:
          "The same fields and rules as declaring one. A declined record is changed only with `resend: true`, which sends it back for verification and keeps the decline in its history. 404 when it is not yours; 409 once verified, for a record an official or your club's coordinator entered, or when it was declined meanwhile and `resend` is not set.",
        params: IdParamsSchema,
        body: EditPositionRequestSchema,
        response: { 200: MyPositionResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const position = await editOwnPosition(
        app.deps.db,
        currentStudent(request),
        request.params.id,
        request.body,
        app.deps.config.TIME_ZONE,
      );
      return { position };
    },
  );

  api.delete(
    '/api/me/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'Withdraw a position you declared while it awaits verification or after a decline',
        description:
          "It leaves your record and the reviewers' queue; the audit log keeps it. 404 when it is not yours; 409 once verified or for a record an official or your club's coordinator entered.",
        params: IdParamsSchema,
        response: { 204: z.null(), ...changeErrors },
      },
    },
    async (request, reply) => {
      await withdrawOwnPosition(app.deps.db, currentStudent(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
