import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  ErrorBodySchema,
  IdParamsSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPreferencesSchema,
  UnreadCountSchema,
  UnsubscribeQuerySchema,
  UnsubscribeRequestSchema,
  UnsubscribeResultSchema,
  UpdatePreferencesRequestSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { AppError } from '../../lib/app-error';
import { serverSecret } from '../../lib/server-secrets';
import { attemptLimiter, byIp } from '../../lib/rate-limiter';
import type { LiveUpdates } from './live-updates';
import {
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  settleNotices,
  unreadCount,
  type SettleQueueNotices,
  updatePreferences,
} from './notifications.service';
import { unsubscribe } from './unsubscribe.service';

/**
 * Unsubscribe attempts one address may make in an hour. Tokens are signed, so guessing gets nowhere;
 * the limit only bounds the load, and is high because a mail provider's one-click requests, or a
 * campus behind one address, all arrive from few addresses.
 */
const UNSUBSCRIBE_LIMIT = { max: 600, windowMs: 60 * 60_000 };
/** A one-click request's form is one short field; anything much larger is not one. */
const FORM_LIMIT_BYTES = 4096;

/** The inbox, its live count, the person's e-mail choices, and the e-mails' unsubscribe link. */
export async function notificationsRoutes(
  app: FastifyInstance,
  options: { live: LiveUpdates; settle: SettleQueueNotices },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = attemptLimiter(app, [
    { name: 'unsubscribe-ip', limit: UNSUBSCRIBE_LIMIT, keyOf: byIp },
  ]);
  // Made now, not by the first link followed: a refused request writes nothing.
  const unsubscribeSecret = await serverSecret(app.deps.db, 'unsubscribe-links');
  // Mail programs send the one-click unsubscribe as a form (RFC 8058: multipart/form-data, some
  // urlencoded); only this plugin's routes read forms. Only text fields are kept.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FORM_LIMIT_BYTES },
    (request, body, done) => {
      if ((body as Buffer).length === 0) {
        done(null, {});
        return;
      }
      new Response(body as Buffer, {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      })
        .formData()
        .then((form) =>
          done(
            null,
            Object.fromEntries(
              [...form.entries()].filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            ),
          ),
        )
        .catch(() =>
          done(
            new AppError(400, ERROR_CODES.badRequest, 'This unsubscribe link is not valid.'),
            undefined,
          ),
        );
    },
  );

  api.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first, paged; show=unread leaves out the read ones',
        querystring: NotificationListQuerySchema,
        response: {
          200: NotificationListSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await settleNotices(app.deps.db, userId, options.settle);
      return listNotifications(app.deps.db, userId, request.query);
    },
  );

  api.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of your notifications are unread',
        response: { 200: UnreadCountSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await settleNotices(app.deps.db, userId, options.settle);
      return { unread: await unreadCount(app.deps.db, userId) };
    },
  );

  // The answer is a stream of server-sent events ('unread', data {"unread": N}), not JSON.
  api.get(
    '/api/notifications/stream',
    {
      config: { background: true },
      schema: {
        tags: ['notifications'],
        summary:
          'Server-sent events: your unread count now and whenever it changes (event "unread", data {"unread": N}, with "kinds": [...] naming what arrived, "queue" also when a queue you decide changed)',
        produces: ['text/event-stream'],
        response: {
          200: z
            .string()
            .describe(
              'text/event-stream: "event: unread" with "data: {\\"unread\\": N}" at once and at every change; a comment line every 25 s',
            ),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => options.live.open(request, reply, currentUser(request)),
  );

  api.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of your notifications read',
        params: IdParamsSchema,
        response: {
          200: UnreadCountSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      unread: await markRead(app.deps.db, currentUser(request).id, request.params.id),
    }),
  );

  api.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks all your notifications read',
        response: { 200: UnreadCountSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      await markAllRead(app.deps.db, currentUser(request).id);
      return { unread: 0 };
    },
  );

  api.get(
    '/api/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How each kind of notification reaches you, and the hour of your daily digest',
        response: { 200: NotificationPreferencesSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => getPreferences(app.deps.db, currentUser(request).id),
  );

  api.patch(
    '/api/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Changes how some kinds reach you (in the portal only, e-mail at once, daily digest) or the digest hour',
        body: UpdatePreferencesRequestSchema,
        response: {
          200: NotificationPreferencesSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => updatePreferences(app.deps.db, currentUser(request), request.body),
  );

  api.post(
    '/api/notifications/unsubscribe',
    {
      // The token is the permission: a mail program posts it from no page of the portal.
      config: { crossSite: true },
      schema: {
        tags: ['notifications'],
        summary:
          "Stops e-mail of one kind for the link's person (the e-mail's one-click link; no sign-in)",
        querystring: UnsubscribeQuerySchema,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: UnsubscribeRequestSchema.nullish(),
        response: {
          200: UnsubscribeResultSchema,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await limiter.hit(request);
      const token = request.body?.token ?? request.query.token;
      if (!token) throw new AppError(400, ERROR_CODES.badRequest, 'This unsubscribe link is not valid.');
      return unsubscribe(app.deps.db, unsubscribeSecret, token);
    },
  );
}
