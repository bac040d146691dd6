import { z } from 'zod';
import { DEFAULT_DELIVERY, NOTIFICATION_KINDS, type NotificationKind } from './notifications';

/**
 * Until a person chooses: a push to their devices (those with push on) of every kind mailed at once
 * by default; none of a queue's count nor of announcements, which wait for the inbox.
 */
export const DEFAULT_PUSH = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, DEFAULT_DELIVERY[kind] === 'instant']),
) as Record<NotificationKind, boolean>;

/**
 * What one push message carries to the device (decision 0042), encrypted for it alone: the
 * service worker shows `title` and `body`, opens `url` (a path of the portal) when tapped, and
 * replaces a shown notification of the same `tag`. Exactly these four fields.
 */
export const PushMessageSchema = z.strictObject({
  /** The notification's line, as the inbox shows it. */
  title: z.string(),
  /** A short second line: the notification's detail, or the institute's short name. */
  body: z.string(),
  /** The portal's page of the thing, a path starting with '/'. */
  url: z.string().startsWith('/'),
  /** A newer message of the same tag replaces the older one on the device. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;

/** GET /api/push/public-key: the portal's VAPID public key (base64url), the browser's applicationServerKey. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });

/** The longest push address the portal keeps; browsers' are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** How many devices one person may have push on at once; a new one past it ends the oldest. */
export const PUSH_DEVICES_MAX = 10;

export const PUSH_MESSAGES = {
  endpointRequired: 'The browser sent no push address.',
  endpointTooLong: `The push address is longer than ${PUSH_ENDPOINT_MAX} characters.`,
  endpointNotHttps: 'The push address must be an https:// address.',
  endpointNotAllowed: 'The portal does not send to this push service.',
  p256dhInvalid: "The browser's push key must be a P-256 public key (65 bytes, base64url).",
  authInvalid: "The browser's push secret must be 16 bytes, base64url.",
  notFound: 'This device was not found among yours.',
  notSubscribed: 'This device does not have push notifications on.',
  gone: 'The push service says this device no longer takes notifications. Turn push notifications on again.',
  unreachable: 'The push service could not be reached. Please try again in a few minutes.',
  refused: 'The push service refused the notification. Turn push notifications off and on again.',
} as const;

// Unpadded base64url of 65 bytes is 87 characters, the first ('B') saying 0x04, an uncompressed
// point; its last character carries 4 bits and two zero bits. Of 16 bytes, 22 characters whose
// last carries 2 bits and four zero bits. Browsers send them unpadded; padding is accepted.
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]=?$/;
const AUTH_PATTERN = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

const PushEndpointSchema = z
  .string(PUSH_MESSAGES.endpointRequired)
  .min(1, PUSH_MESSAGES.endpointRequired)
  .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, PUSH_MESSAGES.endpointNotHttps);

/**
 * POST /api/me/push-devices: the browser's PushSubscription as its toJSON() gives it. Whether the
 * push service is one the portal sends to is the server's check (its PUSH_SERVICE_HOSTS).
 */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: PushEndpointSchema,
  expirationTime: z.number('Expected a time in milliseconds or null.').nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string(PUSH_MESSAGES.p256dhInvalid).regex(P256DH_PATTERN, PUSH_MESSAGES.p256dhInvalid),
      auth: z.string(PUSH_MESSAGES.authInvalid).regex(AUTH_PATTERN, PUSH_MESSAGES.authInvalid),
    },
    'The browser sent no push keys.',
  ),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

/** POST /api/me/push-devices/removal: turns push off on the device of this push address. */
export const PushRemovalRequestSchema = z.object({ endpoint: PushEndpointSchema });

/** One of a person's devices with push on; its push address stays on the server. */
export const PushDeviceSchema = z.object({
  id: z.string(),
  /** 'Chrome on Android', 'Safari on iPhone': read from the browser's User-Agent when it subscribed. */
  label: z.string(),
  createdAt: z.string(),
  /** When a notification last reached its push service; null before the first. */
  lastSuccessAt: z.string().nullable(),
  /** Made in the session of the request: the device asking. */
  thisDevice: z.boolean(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** GET /api/me/push-devices: the person's devices with push on, newest first. */
export const PushDeviceListSchema = z.object({ devices: z.array(PushDeviceSchema) });

/** POST /api/me/push-devices/:id/test: the push service took the test notification. */
export const PushTestResultSchema = z.object({ sent: z.literal(true) });
