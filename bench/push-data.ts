import { createECDH, randomBytes } from 'node:crypto';

/** A phone's PushSubscription JSON at Chrome's push service, with real P-256 keys; nothing is sent to it. */
export function phoneSubscription(endpointHost = 'https://fcm.googleapis.com/fcm/send') {
  return {
    endpoint: `${endpointHost}/${randomBytes(16).toString('base64url')}`,
    expirationTime: null,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}
