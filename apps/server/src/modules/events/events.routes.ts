import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  EventExportQuerySchema,
  EventInputSchema,
  EventListQuerySchema,
  EventListSchema,
  EventResponseSchema,
  IdParamsSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { sendCsv } from '../../lib/csv-export';
import { eventsExport } from './events-export.service';
import { getEvent, listEvents } from './events.read';
import { addEvent, cancelEvent, updateEvent } from './events.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const changeErrors = { ...errors, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Events: the list, the detail, and the officials' create, edit and cancel (spec section 2, Events). */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'List upcoming or past events (search, one organizing unit with ?unitId, paged, with the count of each tab)',
        querystring: EventListQuerySchema,
        response: { 200: EventListSchema, ...errors },
      },
    },
    async (request) => listEvents(app.deps.db, currentUser(request), request.query),
  );

  // CSV text streamed a page at a time, so no JSON answer schema for 200; registered before '/api/events/:id'.
  api.get(
    '/api/events/export',
    {
      schema: {
        tags: ['events'],
        summary: 'One tab of the events list as CSV, with the same search and unit filter',
        querystring: EventExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { read, columns } = eventsExport(app.deps.db, request.query);
      return sendCsv(reply, 'events', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'An event with its unit, organizers, registration and budget',
        params: IdParamsSchema,
        response: { 200: EventResponseSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ event: await getEvent(app.deps.db, currentUser(request), request.params.id) }),
  );

  api.post(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event (officials); the signed-in user is its creator',
        body: EventInputSchema,
        response: { 201: EventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await addEvent(app.deps.db, currentUser(request), request.body);
      return reply.code(201).send({ event });
    },
  );

  api.put(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary:
          "Edit an event and replace its organizers (its creator or the president; not once it's cancelled)",
        params: IdParamsSchema,
        body: EventInputSchema,
        response: { 200: EventResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      event: await updateEvent(app.deps.db, currentUser(request), request.params.id, request.body),
    }),
  );

  api.post(
    '/api/events/:id/cancellation',
    {
      schema: {
        tags: ['events'],
        summary: 'Cancel an event (its creator or the president); cancelling it again changes nothing',
        params: IdParamsSchema,
        response: { 200: EventResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      event: await cancelEvent(app.deps.db, currentUser(request), request.params.id),
    }),
  );
}
