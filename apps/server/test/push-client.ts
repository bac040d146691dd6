import { createECDH, randomBytes } from 'node:crypto';
import type { TestContext } from './build-test-app';
import { TEST_ORIGIN } from './build-test-app';
import { freshIp } from './auth-helpers';

/** A phone's Chrome, as the tests' subscriptions say they come from. */
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A browser's PushSubscription JSON at a push service, with real P-256 keys (never sent to). */
export function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString('base64url')}`,
) {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

/** The push endpoints as the settings page calls them. */
export function pushClientOf(ctx: Pick<TestContext, 'app'>) {
  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
    userAgent = ANDROID_CHROME,
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: {
        'user-agent': userAgent,
        ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  return {
    publicKey: async (cookie: string) =>
      (await send('GET', '/api/push/public-key', cookie)).json().publicKey as string,
    subscribe: (cookie: string | undefined, subscription: object, userAgent?: string) =>
      send('POST', '/api/me/push-devices', cookie, subscription, userAgent),
    list: (cookie?: string) => send('GET', '/api/me/push-devices', cookie),
    unsubscribe: (cookie: string | undefined, body: object) =>
      send('POST', '/api/me/push-devices/removal', cookie, body),
    remove: (cookie: string | undefined, id: string) =>
      send('DELETE', `/api/me/push-devices/${id}`, cookie),
    test: (cookie: string | undefined, id: string) =>
      send('POST', `/api/me/push-devices/${id}/test`, cookie, {}),
  };
}
