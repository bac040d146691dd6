import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminRoomListSchema,
  AdminRoomResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
  RoomCreateInputSchema,
  RoomRetirementResponseSchema,
  RoomUpdateInputSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import {
  createRoom,
  listAdminRooms,
  reinstateRoom,
  retireRoom,
  updateRoom,
} from './admin-rooms.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** /admin/rooms (deviation 60): the institute administrator keeps the rooms officials book. */
export async function adminRoomsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Read per request: which bookings are still ahead depends on the institute's clock now.
  const clock = () => ({ timeZone: app.deps.config.TIME_ZONE });

  api.get(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every room, retired ones included, with its bookings counted',
        response: { 200: AdminRoomListSchema, ...errors },
      },
    },
    async () => ({ rooms: await listAdminRooms(app.deps.db, clock()) }),
  );

  api.post(
    '/api/admin/rooms',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Add a room with its capacity, description and features; names unique whatever the case',
        body: RoomCreateInputSchema,
        response: { 201: AdminRoomResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ room: await createRoom(app.deps.db, currentUser(request), request.body, clock()) }),
  );

  api.patch(
    '/api/admin/rooms/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename a room or change its capacity, description or features (not while retired)',
        params: IdParamsSchema,
        body: RoomUpdateInputSchema,
        response: { 200: AdminRoomResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      room: await updateRoom(
        app.deps.db,
        currentUser(request),
        request.params.id,
        request.body,
        clock(),
      ),
    }),
  );

  api.post(
    '/api/admin/rooms/:id/retirement',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Retire a room: it keeps its bookings and leaves the booking list; approved bookings ahead stay, requests waiting for the president are rejected with a note',
        params: IdParamsSchema,
        response: { 200: RoomRetirementResponseSchema, ...changeErrors },
      },
    },
    async (request) => retireRoom(app.deps.db, currentUser(request), request.params.id, clock()),
  );

  api.post(
    '/api/admin/rooms/:id/reinstatement',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reinstate a retired room: officials can request it again',
        params: IdParamsSchema,
        response: { 200: AdminRoomResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      room: await reinstateRoom(app.deps.db, currentUser(request), request.params.id, clock()),
    }),
  );
}
