import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApprovalExportQuerySchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  BookingDecisionSchema,
  BookingInputSchema,
  BookingResponseSchema,
  ErrorBodySchema,
  IdParamsSchema,
  MyBookingListSchema,
  PageQuerySchema,
  RoomListSchema,
  RoomSlotsSchema,
  SlotsQuerySchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { approvalsExport } from './approvals-export.service';
import { decideBooking, listApprovals } from './approvals.service';
import { listRooms, myBookings, requestBooking, roomSlots, withdrawBooking } from './bookings.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Room booking (spec section 2): the officials' requests and the president's approval panel. */
export async function roomsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Read per request: whether a request has ended depends on the institute's clock now.
  const clock = () => ({ timeZone: app.deps.config.TIME_ZONE });

  api.get(
    '/api/rooms',
    {
      schema: {
        tags: ['rooms'],
        summary: 'The rooms that can be booked',
        response: { 200: RoomListSchema, ...errors },
      },
    },
    async () => ({ rooms: await listRooms(app.deps.db) }),
  );

  api.get(
    '/api/rooms/:id/slots',
    {
      schema: {
        tags: ['rooms'],
        summary: "A room's approved and pending bookings on one day, to see its free and taken times",
        params: IdParamsSchema,
        querystring: SlotsQuerySchema,
        response: { 200: RoomSlotsSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      roomSlots(app.deps.db, currentUser(request), request.params.id, request.query.date, clock()),
  );

  api.post(
    '/api/room-bookings',
    {
      schema: {
        tags: ['rooms'],
        summary:
          'Request a room (the signed-in official is the requester); refused when it overlaps an approved booking, repeats a waiting request or passes the limit of waiting requests',
        body: BookingInputSchema,
        response: { 201: BookingResponseSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const booking = await requestBooking(app.deps.db, currentUser(request), request.body, clock());
      return reply.code(201).send({ booking });
    },
  );

  api.get(
    '/api/room-bookings/mine',
    {
      schema: {
        tags: ['rooms'],
        summary: "The signed-in official's own requests with their status, decider and note (paged)",
        querystring: PageQuerySchema,
        response: { 200: MyBookingListSchema, ...errors },
      },
    },
    async (request) =>
      myBookings(app.deps.db, currentUser(request), request.query.page, request.query.pageSize, clock()),
  );

  api.post(
    '/api/room-bookings/:id/withdrawal',
    {
      schema: {
        tags: ['rooms'],
        summary:
          'Withdraw your own request awaiting a decision; withdrawing again changes nothing; an ended request cannot be withdrawn',
        params: IdParamsSchema,
        response: { 200: BookingResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      booking: await withdrawBooking(app.deps.db, currentUser(request), request.params.id, clock()),
    }),
  );

  api.get(
    '/api/room-bookings',
    {
      schema: {
        tags: ['rooms'],
        summary:
          'The approval panel: one tab of the requests, searched over room and description, with the count of every tab',
        querystring: ApprovalListQuerySchema,
        response: { 200: ApprovalListSchema, ...errors },
      },
    },
    async (request) => listApprovals(app.deps.db, request.query, clock()),
  );

  // CSV text streamed a page at a time, so no JSON answer schema for 200.
  api.get(
    '/api/room-bookings/export',
    {
      schema: {
        tags: ['rooms'],
        summary: "The approval panel's tab as CSV, with the same search",
        querystring: ApprovalExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = approvalsExport(app.deps.db, request.query, clock());
      return sendCsv(reply, 'room-bookings', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.patch(
    '/api/room-bookings/:id',
    {
      schema: {
        tags: ['rooms'],
        summary:
          'Approve or reject a request awaiting a decision (president); a clash with an approved booking is a 409 naming it, an ended request a 409',
        params: IdParamsSchema,
        body: BookingDecisionSchema,
        response: { 200: BookingResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      booking: await decideBooking(
        app.deps.db,
        currentUser(request),
        request.params.id,
        request.body,
        clock(),
      ),
    }),
  );
}
