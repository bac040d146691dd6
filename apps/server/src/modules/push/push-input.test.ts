import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { browserSubscription, pushClientOf } from '../../../test/push-client';

/** Every refusal of a subscription: a 400 naming the field, and nothing stored. */
describe('a push subscription the portal refuses', () => {
  const ctx = useTestApp({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.push.apple.com,127.0.0.1:4567' });
  const push = pushClientOf(ctx);

  const good = browserSubscription();
  const NOT_HTTPS = 'The push address must be an https:// address.';
  const NOT_ALLOWED = 'The portal does not send to this push service.';
  const BAD_KEY = "The browser's push key must be a P-256 public key (65 bytes, base64url).";
  const BAD_AUTH = "The browser's push secret must be 16 bytes, base64url.";
  const withEndpoint = (endpoint: string) => ({ ...good, endpoint });
  const withKeys = (keys: object) => ({ ...good, keys: { ...good.keys, ...keys } });

  it.each([
    [
      'a plain http address',
      withEndpoint('http://fcm.googleapis.com/fcm/send/abc'),
      { endpoint: NOT_HTTPS },
    ],
    ['an unlisted service', withEndpoint('https://push.example.com/abc'), { endpoint: NOT_ALLOWED }],
    [
      'a cloud metadata address',
      withEndpoint('https://169.254.169.254/latest/meta-data'),
      { endpoint: NOT_ALLOWED },
    ],
    [
      'a listed host on another port',
      withEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc'),
      { endpoint: NOT_ALLOWED },
    ],
    [
      'a listed host with credentials',
      withEndpoint('https://u:p@fcm.googleapis.com/fcm/send/abc'),
      { endpoint: NOT_ALLOWED },
    ],
    [
      'a look-alike of a listed domain',
      withEndpoint('https://web.push.apple.com.evil.example/abc'),
      { endpoint: NOT_ALLOWED },
    ],
    [
      'the bare domain of a wildcard',
      withEndpoint('https://push.apple.com/abc'),
      { endpoint: NOT_ALLOWED },
    ],
    [
      'the loopback stand-in on another port',
      withEndpoint('http://127.0.0.1:4568/push/abc'),
      { endpoint: NOT_HTTPS },
    ],
    [
      'a loopback name not listed',
      withEndpoint('http://localhost:4567/push/abc'),
      { endpoint: NOT_HTTPS },
    ],
    ['no address at all', withEndpoint('not a url'), { endpoint: NOT_HTTPS }],
    [
      'an address past 2048 characters',
      withEndpoint(`https://fcm.googleapis.com/fcm/send/${'a'.repeat(2048)}`),
      { endpoint: 'The push address is longer than 2048 characters.' },
    ],
    [
      'a key of 64 bytes',
      withKeys({ p256dh: Buffer.alloc(64, 4).toString('base64url') }),
      { 'keys.p256dh': BAD_KEY },
    ],
    [
      'a compressed key',
      withKeys({ p256dh: Buffer.alloc(65, 2).toString('base64url') }),
      { 'keys.p256dh': BAD_KEY },
    ],
    [
      'a key in plain base64',
      withKeys({ p256dh: good.keys.p256dh.replace(/^B/, 'B+') }),
      { 'keys.p256dh': BAD_KEY },
    ],
    [
      'a key off the curve',
      withKeys({ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') }),
      { 'keys.p256dh': BAD_KEY },
    ],
    [
      'a secret of 15 bytes',
      withKeys({ auth: Buffer.alloc(15, 7).toString('base64url') }),
      { 'keys.auth': BAD_AUTH },
    ],
    [
      'a secret of 17 bytes',
      withKeys({ auth: Buffer.alloc(17, 7).toString('base64url') }),
      { 'keys.auth': BAD_AUTH },
    ],
    ['no keys', { endpoint: good.endpoint }, { keys: 'The browser sent no push keys.' }],
    ['no address', { keys: good.keys }, { endpoint: 'The browser sent no push address.' }],
  ])('refuses %s', async (_what, body, fields) => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const refused = await push.subscribe(cookie, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual(fields);
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)),
    ).toEqual([]);
  });

  it.each([
    ["Chrome's service", 'https://fcm.googleapis.com/fcm/send/abc:APA91b'],
    ["Safari's service under a wildcard", 'https://web.push.apple.com/QKLm8mH'],
    ['a padded key and secret', null],
    ['the loopback stand-in listed with its port', 'http://127.0.0.1:4567/push/abc'],
  ])('takes %s', async (_what, endpoint) => {
    const { cookie } = await signedInAs(ctx, 'STUDENT');
    const subscription = browserSubscription(endpoint ?? undefined);
    const body =
      endpoint === null
        ? {
            ...subscription,
            keys: { p256dh: `${subscription.keys.p256dh}=`, auth: `${subscription.keys.auth}==` },
          }
        : subscription;
    const made = await push.subscribe(cookie, body);
    expect(made.statusCode).toBe(200);
  });
});
