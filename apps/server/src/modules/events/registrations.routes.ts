import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  EventMessageInputSchema,
  IdParamsSchema,
  MyEventsSchema,
  MyRegistrationSchema,
  PaidInputSchema,
  PostedAnnouncementSchema,
  RegistrantSchema,
  RegistrationListQuerySchema,
  RegistrationListSchema,
  RegistrationParamsSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { cameFromOf, recordAccessMany } from '../privacy/access-log.service';
import { sendCsv } from '../../lib/csv-export';
import { messageRegistrants } from './event-messages.service';
import { listRegistrants, markPaid, myRegistrations, registrantsExport } from './registrants.service';
import { register, unregister } from './registrations.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const changeErrors = { ...errors, 409: ErrorBodySchema };
const MyRegistrationResponseSchema = z.object({ registration: MyRegistrationSchema });

/** Taking part in events: registering and the waitlist, the organisers' list of registrants and messages. */
export async function registrationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/events/:id/registration',
    {
      schema: {
        tags: ['events'],
        summary:
          'Register the signed-in person: a seat while any remain, else the next place on the waitlist',
        params: IdParamsSchema,
        response: { 201: MyRegistrationResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const registration = await register(app.deps.db, currentUser(request), request.params.id);
      return reply.code(201).send({ registration });
    },
  );

  api.delete(
    '/api/events/:id/registration',
    {
      schema: {
        tags: ['events'],
        summary:
          'Cancel the registration or leave the waitlist (until the event starts); a freed seat goes to the first person waiting',
        params: IdParamsSchema,
        response: { 200: MyRegistrationResponseSchema, ...changeErrors },
      },
    },
    async (request) => ({
      registration: await unregister(app.deps.db, currentUser(request), request.params.id),
    }),
  );

  api.get(
    '/api/events/:id/registrations',
    {
      schema: {
        tags: ['events'],
        summary: "An event's registrants (its organisers and the officials): searched, filtered, paged",
        params: IdParamsSchema,
        querystring: RegistrationListQuerySchema,
        response: { 200: RegistrationListSchema, ...errors },
      },
    },
    async (request) =>
      listRegistrants(app.deps.db, currentUser(request), request.params.id, request.query),
  );

  api.get(
    '/api/events/:id/registrations/export',
    {
      schema: {
        tags: ['events'],
        summary: "The event's registrants as CSV, with the list's filters",
        params: IdParamsSchema,
        querystring: RegistrationListQuerySchema.omit({ page: true, pageSize: true }),
        response: errors,
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { read, columns, subjects } = await registrantsExport(
        app.deps.db,
        actor,
        request.params.id,
        request.query,
      );
      await recordAccessMany(app.deps.db, subjects, {
        viewer: actor,
        kind: 'export',
        cameFrom: cameFromOf(request.headers),
      });
      return sendCsv(reply, 'registrations', read, columns, app.deps.config.TIME_ZONE);
    },
  );

  api.patch(
    '/api/events/:id/registrations/:registrationId',
    {
      schema: {
        tags: ['events'],
        summary: "Mark a registrant's fee paid or unpaid (the event's organisers and the officials)",
        params: RegistrationParamsSchema,
        body: PaidInputSchema,
        response: { 200: z.object({ registrant: RegistrantSchema }), ...errors },
      },
    },
    async (request) => ({
      registrant: await markPaid(
        app.deps.db,
        currentUser(request),
        request.params.id,
        request.params.registrationId,
        request.body.paid,
      ),
    }),
  );

  api.post(
    '/api/events/:id/announcements',
    {
      schema: {
        tags: ['events'],
        summary:
          "Message the event's registrants with an announcement (its organisers and the officials)",
        params: IdParamsSchema,
        body: EventMessageInputSchema,
        response: { 201: z.object({ announcement: PostedAnnouncementSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const announcement = await messageRegistrants(
        app.deps.db,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ announcement });
    },
  );

  api.get(
    '/api/me/registrations',
    {
      schema: {
        tags: ['events'],
        summary: 'The events the signed-in person is registered or waitlisted for, upcoming and past',
        response: { 200: MyEventsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => myRegistrations(app.deps.db, currentUser(request).id),
  );
}
