import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  IdParamsSchema,
  PushDeviceListSchema,
  PushDeviceSchema,
  PushPublicKeySchema,
  PushRemovalRequestSchema,
  PushSubscriptionRequestSchema,
  PushTestResultSchema,
} from '@cosa/contracts';
import { currentUser } from '../../lib/current-user';
import { AppError } from '../../lib/app-error';
import { attemptLimiter, byUser } from '../../lib/rate-limiter';
import {
  listDevices,
  removeDevice,
  sendTestPush,
  subscribe,
  unsubscribe,
  type PushCaller,
} from './push-devices.service';
import { vapidKeys } from './push-keys.service';

/** Test notifications a person may ask for in ten minutes: each is a request to a push service on their behalf. */
const TEST_PUSH_LIMIT = { max: 5, windowMs: 10 * 60_000 };

/** The signed-in person and the session of the request, which a device's push lives as long as. */
function callerOf(request: FastifyRequest): PushCaller {
  const user = currentUser(request);
  if (!request.sessionId) throw AppError.unauthenticated();
  return { userId: user.id, sessionId: request.sessionId };
}

/** Web push (decision 0042): the portal's public key, and a person's devices with push on. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const limiter = attemptLimiter(app, [
    { name: 'push-test-user', limit: TEST_PUSH_LIMIT, keyOf: byUser },
  ]);
  // Made now, not by the first browser that asks: every process reads the same pair.
  await vapidKeys(db);

  api.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The portal's VAPID public key (base64url): the browser's applicationServerKey",
        response: { 200: PushPublicKeySchema, 401: ErrorBodySchema },
      },
    },
    async () => ({ publicKey: (await vapidKeys(db)).publicKey }),
  );

  api.get(
    '/api/me/push-devices',
    {
      schema: {
        tags: ['push'],
        summary:
          'Your devices with push notifications on, newest first; thisDevice marks the asking one',
        response: { 200: PushDeviceListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => ({ devices: await listDevices(db, callerOf(request)) }),
  );

  api.post(
    '/api/me/push-devices',
    {
      schema: {
        tags: ['push'],
        summary:
          "Turns push notifications on for this device: the body is the browser's PushSubscription (toJSON). The same address again renews it; it ends with this session",
        body: PushSubscriptionRequestSchema,
        response: {
          200: PushDeviceSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      subscribe(db, config, callerOf(request), request.body, request.headers['user-agent']),
  );

  api.post(
    '/api/me/push-devices/removal',
    {
      schema: {
        tags: ['push'],
        summary: 'Turns push notifications off for the device of this push address',
        body: PushRemovalRequestSchema,
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, currentUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/api/me/push-devices/:id',
    {
      schema: {
        tags: ['push'],
        summary: 'Removes one of your devices with push notifications on',
        params: IdParamsSchema,
        response: {
          204: z.null(),
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await removeDevice(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/me/push-devices/:id/test',
    {
      schema: {
        tags: ['push'],
        summary:
          'Sends a test notification to one of your devices at once; 404 when its push service says it is gone (it is removed)',
        params: IdParamsSchema,
        response: {
          200: PushTestResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          429: ErrorBodySchema,
          502: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await limiter.hit(request);
      await sendTestPush(db, config, userId, request.params.id);
      return { sent: true as const };
    },
  );
}
