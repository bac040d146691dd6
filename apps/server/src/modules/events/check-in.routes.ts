import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckInRequestSchema,
  CheckInResultSchema,
  ErrorBodySchema,
  IdParamsSchema,
  TicketSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { checkIn } from './check-in.service';
import { myTicket } from './tickets.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Tickets and the door: a registrant's signed ticket, and the organisers' check-in scans. */
export async function checkInRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/events/:id/ticket',
    {
      schema: {
        tags: ['events'],
        summary:
          "The signed-in person's ticket for an event: its signed code (for the QR code), their name and the event",
        params: IdParamsSchema,
        response: { 200: TicketSchema, ...errors },
      },
    },
    async (request) => myTicket(app.deps.db, currentUser(request), request.params.id),
  );

  api.post(
    '/api/events/:id/check-ins',
    {
      schema: {
        tags: ['events'],
        summary:
          "Check in a batch of scans (tickets, registrations picked by search, walk-ins) by each scan's device id: a scan sent again answers as the first time (the event's organisers and officials)",
        params: IdParamsSchema,
        body: CheckInRequestSchema,
        response: { 200: CheckInResultSchema, ...errors },
      },
    },
    async (request) => checkIn(app.deps.db, currentUser(request), request.params.id, request.body),
  );
}
