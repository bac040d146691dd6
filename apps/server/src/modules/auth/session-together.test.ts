import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { browserOf } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createSession, createUser } from '../../../test/factories';

const DAY_MS = 24 * 60 * 60 * 1000;

// The sessions of requests that arrive together are read by one statement (session.service.ts).
describe('sessions of many requests at once', () => {
  const ctx = useTestApp();
  const { sessionOf } = browserOf(ctx);

  it('judges each cookie on its own when their sessions are read together', async () => {
    const people = await Promise.all(
      ['Asha', 'Bilal', 'Chitra', 'Dev'].map((name) =>
        createUser(ctx.db, { name, onboardingComplete: true }),
      ),
    );
    const live = await Promise.all(people.map((person) => createSession(ctx.db, { userId: person.id })));
    const expired = await createSession(ctx.db, {
      userId: people[0]!.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const overAge = await createSession(ctx.db, {
      userId: people[1]!.id,
      createdAt: new Date(Date.now() - 31 * DAY_MS),
      lastSeenAt: new Date(Date.now() - 5 * 60_000),
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const gone = await createUser(ctx.db, { name: 'Gone', onboardingComplete: true });
    const goneSession = await createSession(ctx.db, { userId: gone.id });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));

    // Sent in the same moment, in an order that mixes the live with the dead.
    const cookies = [
      expired.token,
      live[2]!.token,
      'not-a-real-token',
      live[0]!.token,
      goneSession.token,
      live[3]!.token,
      overAge.token,
      live[1]!.token,
      live[2]!.token,
    ];
    const seen = await Promise.all(
      cookies.map(async (token) => (await sessionOf(`cosa_session=${token}`))?.name ?? null),
    );
    expect(seen).toEqual([null, 'Chitra', null, 'Asha', null, 'Dev', null, 'Bilal', 'Chitra']);
  });
});
