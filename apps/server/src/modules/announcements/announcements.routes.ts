import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateAnnouncementRequestSchema,
  CurrentAnnouncementsSchema,
  ErrorBodySchema,
  PageQuerySchema,
  PostedAnnouncementListSchema,
  PostedAnnouncementSchema,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import { currentAnnouncements, listPostedAnnouncements } from './announcements.read';
import { postAnnouncement } from './announcements.service';

/** Announcements one person may post in an hour: a busy week's worth, too few to flood the campus's inboxes. */
const ANNOUNCEMENT_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** Posting announcements to an audience, the poster's list with its reach, and the announcements addressed to me. */
export async function announcementsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = attemptLimiter(app, [
    { name: 'announcement-user', limit: ANNOUNCEMENT_LIMIT, keyOf: byUser },
  ]);

  api.post(
    '/api/announcements',
    {
      schema: {
        tags: ['announcements'],
        summary:
          'Post an announcement to everyone, a batch year, a program, a discipline, or (a club coordinator) the club',
        body: CreateAnnouncementRequestSchema,
        response: {
          201: PostedAnnouncementSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const poster = currentUser(request);
      const counted = await limiter.hit(request);
      try {
        return reply.code(201).send(await postAnnouncement(app.deps.db, poster, request.body));
      } catch (error) {
        // A refused announcement (nobody in the audience, an audience not the poster's) reached nobody: it does not count.
        if (error instanceof AppError && error.statusCode === 400) await limiter.giveBack(counted);
        throw error;
      }
    },
  );

  api.get(
    '/api/announcements',
    {
      schema: {
        tags: ['announcements'],
        summary: 'The announcements I posted, newest first, with how many received and read each',
        querystring: PageQuerySchema,
        response: {
          200: PostedAnnouncementListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => listPostedAnnouncements(app.deps.db, currentUser(request).id, request.query),
  );

  api.get(
    '/api/announcements/current',
    {
      schema: {
        tags: ['announcements'],
        summary: 'The announcements addressed to me that have not expired, newest first (at most 10)',
        response: { 200: CurrentAnnouncementsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => currentAnnouncements(app.deps.db, currentUser(request).id),
  );
}
