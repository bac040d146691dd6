import { beforeAll, describe, expect, it } from 'vitest';
import { browserOf, signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { injectFaults, isSessionRead } from '../../../test/session-read-faults';

const sleep = (ms: number) =>
  new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms));

// Two session reads whose connections were lost without a word (a NAT or a failover that sends no
// reset): each should cost its own request, never every signed-in request after it.
describe('session reads that never come back', () => {
  const ctx = useTestApp();
  const { sessionOf } = browserOf(ctx);
  let stuck = 0;
  beforeAll(() => {
    injectFaults(ctx.db, (text) => (isSessionRead(text) && stuck-- > 0 ? 'hang' : 'pass'));
  });

  it('still answers the signed-in requests made after two stuck reads', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    expect((await sessionOf(cookie))?.id).toBe(user.id);

    stuck = 2;
    void sessionOf(cookie); // its read never comes back
    await sleep(5_500);
    void sessionOf(cookie); // nor does this one's
    await sleep(5_500);

    // The database answers every query from now on.
    const answer = await Promise.race([sessionOf(cookie), sleep(3_000)]);
    expect(answer).toMatchObject({ id: user.id });
  }, 30_000);
});
