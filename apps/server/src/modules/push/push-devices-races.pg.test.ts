import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { browserSubscription, pushClientOf } from '../../../test/push-client';

/** Subscribes truly at once on the PostgreSQL server (this file runs only with DATABASE_URL). */
describe('push devices under a burst', () => {
  const ctx = useTestApp();
  const push = pushClientOf(ctx);
  const devicesOf = (userId: string) =>
    ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('sixty subscribes of one person at once: each answered, and ten devices kept, the newest', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const subscriptions = Array.from({ length: 60 }, () => browserSubscription());
    const answers = await Promise.all(subscriptions.map((one) => push.subscribe(cookie, one)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    expect(await devicesOf(user.id)).toHaveLength(10);
    // One more afterwards is kept, and the count stays ten.
    const last = browserSubscription();
    expect((await push.subscribe(cookie, last)).statusCode).toBe(200);
    const kept = await devicesOf(user.id);
    expect(kept).toHaveLength(10);
    expect(kept.map((device) => device.endpoint)).toContain(last.endpoint);
  });

  it('one address subscribed by two people at once: every answer 200 and one device, of one of them', async () => {
    const first = await signedInAs(ctx, 'STUDENT');
    const second = await signedInAs(ctx, 'STUDENT');
    const subscription = browserSubscription();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        push.subscribe(n % 2 ? first.cookie : second.cookie, subscription),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    const rows = await ctx.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect([first.user.id, second.user.id]).toContain(rows[0]!.userId);
  });
});
