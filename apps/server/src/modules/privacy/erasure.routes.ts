import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminErasureRequestSchema,
  ErasureStatusSchema,
  ErrorBodySchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import {
  adminErasureStatusOf,
  cancelErasure,
  erasureStatusOf,
  scheduleErasure,
} from './erasure-requests.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * Erasure of an account (decision 0041): the signed-in student schedules, reads or cancels their
 * own; the administrator does the same on a student's behalf, with a reason the audit log keeps.
 * The sweep (privacy-sweep.ts) erases the account once the grace period ends.
 */
export async function erasureRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    '/api/me/erasure',
    {
      schema: {
        tags: ['privacy'],
        summary: "The signed-in person's scheduled erasure, or none",
        response: { 200: ErasureStatusSchema, ...errors },
      },
    },
    async (request) => erasureStatusOf(db, currentUser(request).id),
  );

  api.post(
    '/api/me/erasure',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "Schedules the erasure of the signed-in student's account after the grace period; students only, one at a time",
        response: { 201: ErasureStatusSchema, ...changeErrors },
      },
    },
    // Students only: the service refuses other accounts (409) from the database's own row.
    async (request, reply) =>
      reply.code(201).send(await scheduleErasure(db, currentUser(request).id, { kind: 'self' })),
  );

  api.delete(
    '/api/me/erasure',
    {
      schema: {
        tags: ['privacy'],
        summary: "Cancels the signed-in person's scheduled erasure",
        response: { 200: ErasureStatusSchema, ...changeErrors },
      },
    },
    async (request) => cancelErasure(db, currentUser(request).id, { kind: 'self' }),
  );

  api.get(
    '/api/admin/users/:id/erasure',
    {
      schema: {
        tags: ['admin'],
        summary: "A person's scheduled erasure, or none",
        params: IdParamsSchema,
        response: { 200: ErasureStatusSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => adminErasureStatusOf(db, request.params.id),
  );

  api.post(
    '/api/admin/users/:id/erasure',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Schedules the erasure of a student's account on their behalf, with the reason the audit log keeps",
        params: IdParamsSchema,
        body: AdminErasureRequestSchema,
        response: { 201: ErasureStatusSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const asker = {
        kind: 'administrator' as const,
        adminId: currentUser(request).id,
        reason: request.body.reason,
      };
      return reply.code(201).send(await scheduleErasure(db, request.params.id, asker));
    },
  );

  api.delete(
    '/api/admin/users/:id/erasure',
    {
      schema: {
        tags: ['admin'],
        summary: "Cancels a person's scheduled erasure",
        params: IdParamsSchema,
        response: { 200: ErasureStatusSchema, ...changeErrors },
      },
    },
    async (request) =>
      cancelErasure(db, request.params.id, { kind: 'administrator', adminId: currentUser(request).id }),
  );
}
