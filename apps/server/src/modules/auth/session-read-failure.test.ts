import { beforeAll, describe, expect, it } from 'vitest';
import { browserOf, signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { injectFaults, isSessionRead } from '../../../test/session-read-faults';

// The sessions of requests that arrive together are read by one statement (session.service.ts).
describe('a session read that fails', () => {
  const ctx = useTestApp();
  const { get } = browserOf(ctx);
  let failing = 0;
  beforeAll(() => {
    injectFaults(ctx.db, (text) => (isSessionRead(text) && failing-- > 0 ? 'fail' : 'pass'));
  });

  const statusesOfTen = async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => signedInAs(ctx, 'STUDENT')));
    return (await Promise.all(people.map(({ cookie }) => get('/api/auth/session', { cookie })))).map(
      (answer) => answer.statusCode,
    );
  };

  it("does not fail the other people's requests that came at the same moment", async () => {
    failing = 1;
    expect(await statusesOfTen()).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('fails only the request whose own read fails too', async () => {
    failing = 2;
    const statuses = await statusesOfTen();
    expect(statuses.filter((status) => status !== 200)).toEqual([503]);
  });
});
