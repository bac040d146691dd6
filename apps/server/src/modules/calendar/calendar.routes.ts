import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedSchema, ErrorBodySchema, UuidSchema } from '@cosa/contracts';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../lib/current-user';
import { attemptLimiter, byIp, byUser } from '../../lib/rate-limiter';
import {
  calendarFeedOf,
  makeCalendarFeed,
  privateFeed,
  stopCalendarFeed,
  unitFeed,
  withoutIcs,
} from './calendar.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  429: ErrorBodySchema,
};
const feedErrors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema };
const MINUTE_MS = 60_000;
/** A new address now and then (a phone lost, a link shared by mistake); not a table filled with secrets. */
const MAKE_LIMIT = { max: 20, windowMs: 60 * MINUTE_MS };
/**
 * Addresses that name no feed, per client address. A secret of 256 bits cannot be guessed, so a
 * feed found costs no count (calendar programs, and a campus behind one address, fetch feeds
 * freely, as any read); a client asking again and again for made-up or revoked addresses is stopped.
 */
const MISS_LIMIT = { max: 60, windowMs: 10 * MINUTE_MS };

/** Sends iCalendar text; `cache` says who may keep it and for how long. */
const sendCalendar = (reply: FastifyReply, text: string, cache: string): FastifyReply =>
  reply.type('text/calendar; charset=utf-8').header('cache-control', cache).send(text);

// The secret is checked by the service, which answers 404 alike for any address naming no feed.
const FeedParamsSchema = z.object({ token: z.string() });
const UnitFeedParamsSchema = z.object({
  id: z.preprocess((value) => (typeof value === 'string' ? withoutIcs(value) : value), UuidSchema),
});

/** The person's private calendar feed (made, replaced, stopped), and the feeds calendar programs subscribe to. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const makeLimiter = attemptLimiter(app, [
    { name: 'calendar-feed-make-user', limit: MAKE_LIMIT, keyOf: byUser },
  ]);
  const missLimiter = attemptLimiter(app, [
    { name: 'calendar-feed-miss-ip', limit: MISS_LIMIT, keyOf: byIp },
  ]);
  /** The feed's text; a miss (404) is counted, and past the limit answered 429 instead. */
  const counted = async (request: FastifyRequest, read: () => Promise<string>) => {
    try {
      return await read();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) await missLimiter.hit(request);
      throw error;
    }
  };

  api.get(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Whether you have a private calendar feed, and since when (its address is shown only when made)',
        response: { 200: CalendarFeedSchema, ...errors },
      },
    },
    async (request) => calendarFeedOf(db, currentUser(request).id),
  );

  api.post(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Make your private calendar feed a new secret address; any earlier address stops working',
        response: { 200: CalendarFeedSchema, ...errors },
      },
    },
    async (request) => {
      await makeLimiter.hit(request);
      return makeCalendarFeed(db, config, currentUser(request).id);
    },
  );

  api.delete(
    '/api/me/calendar-feed',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Stop your private calendar feed: its address answers 404 from now on',
        response: { 200: CalendarFeedSchema, ...errors },
      },
    },
    async (request) => stopCalendarFeed(db, currentUser(request).id),
  );

  // iCalendar text, so no JSON answer schema for 200.
  api.get(
    '/api/calendar/feeds/:token',
    {
      schema: {
        tags: ['calendar'],
        summary: 'A private calendar feed (iCalendar): the events its owner registered for',
        params: FeedParamsSchema,
        response: feedErrors,
      },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      const text = await counted(request, () => privateFeed(db, config, request.params.token));
      return sendCalendar(reply, text, 'private, max-age=300');
    },
  );

  api.get(
    '/api/calendar/units/:id',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "A unit's public calendar feed (iCalendar): the approved events of the unit and the units under it",
        params: UnitFeedParamsSchema,
        response: feedErrors,
      },
    },
    async (request, reply) => {
      const text = await counted(request, () => unitFeed(db, config, request.params.id));
      return sendCalendar(reply, text, 'public, max-age=300');
    },
  );
}
