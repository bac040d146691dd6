import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { browserSubscription, pushClientOf } from '../../../test/push-client';
import { pushMessageOf } from './push-message';

/** One push address written several ways, and a text cut to a phone's line. */
describe('push addresses and texts', () => {
  const ctx = useTestApp();
  const push = pushClientOf(ctx);
  const devicesOf = (userId: string) =>
    ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('takes one address however it is spelled: one device, turned off by any spelling', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const token = 'cH9vZ2xlLXRva2VuLWZvci10aGlzLWRldmljZQ';
    const spellings = [
      `https://fcm.googleapis.com/fcm/send/${token}`,
      `https://FCM.GOOGLEAPIS.COM/fcm/send/${token}`,
      `https://fcm.googleapis.com:443/fcm/send/${token}`,
      `https://@fcm.googleapis.com/fcm/send/${token}`,
    ];
    for (const endpoint of spellings)
      expect((await push.subscribe(cookie, browserSubscription(endpoint))).statusCode).toBe(200);
    const devices = await devicesOf(user.id);
    expect(devices.map((device) => device.endpoint)).toEqual([
      `https://fcm.googleapis.com/fcm/send/${token}`,
    ]);
    const removed = await push.unsubscribe(cookie, {
      endpoint: `https://FCM.googleapis.com:443/fcm/send/${token}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('cuts a long title and text between characters, never inside an emoji', () => {
    const message = pushMessageOf(
      {
        kind: 'achievement',
        outcome: 'verified',
        subject: '🏆'.repeat(200),
        detail: `${'🎉'.repeat(300)}`,
        link: '/view-achievements',
        itemCount: 1,
      },
      'tag',
      'IIT Bhilai',
    );
    // 160 characters at most: 'Your achievement "' (18), 141 trophies, then the ellipsis.
    expect(message.title).toBe(`Your achievement "${'🏆'.repeat(141)}…`);
    expect(message.body).toBe(`${'🎉'.repeat(239)}…`);
    expect(message.body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
