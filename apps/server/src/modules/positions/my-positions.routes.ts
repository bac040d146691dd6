import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeclarePositionRequestSchema,
  ErrorBodySchema,
  MyPositionListQuerySchema,
  MyPositionListSchema,
  MyPositionResponseSchema,
} from '@cosa/contracts';
import { currentStudent, currentUser } from '../../lib/current-user';
import { declareOwnPosition, listOwnPositions } from './my-positions.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

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
    async (request) => listOwnPositions(app.deps.db, currentUser(request).id, request.query),
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
        currentStudent(request).id,
        request.body,
        app.deps.config.TIME_ZONE,
      );
      return reply.code(201).send({ position });
    },
  );
}
