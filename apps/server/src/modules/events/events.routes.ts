import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  EventDecisionSchema,
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
import { decideEvent } from './event-decisions.service';
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
    async (request) =>
      listEvents(app.deps.db, currentUser(request), request.query, app.deps.config.TIME_ZONE),
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
      const { read, columns } = eventsExport(
        app.deps.db,
        currentUser(request),
        request.query,
        app.deps.config.TIME_ZONE,
      );
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
        summary:
          "Create an event (officials), or propose one for the club (its coordinator, for the council's decision); the signed-in user is its creator",
        body: EventInputSchema,
        response: { 201: EventResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await addEvent(
        app.deps.db,
        currentUser(request),
        request.body,
        app.deps.config.TIME_ZONE,
      );
      return reply.code(201).send({ event });
    },
  );

  api.put(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary:
          "Edit an event and replace its organizers (its creator, the president or its club's coordinator; not once it's cancelled)",
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
        summary:
          "Cancel an event (its creator, the president or its club's coordinator); cancelling it again changes nothing",
        params: IdParamsSchema,
        response: { 200: EventResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      event: await cancelEvent(app.deps.db, currentUser(request), request.params.id),
    }),
  );

  api.post(
    '/api/events/:id/decision',
    {
      schema: {
        tags: ['events'],
        summary:
          "Approve a club's event proposal, ask for changes or reject it (the general secretary of the club's council, or the president)",
        params: IdParamsSchema,
        body: EventDecisionSchema,
        response: { 200: EventResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      event: await decideEvent(app.deps.db, currentUser(request), request.params.id, request.body),
    }),
  );
}
