import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createOrgUnit, createUser } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

const DAY = 86_400_000;

/**
 * The kept /events lists (decision 0030) on a PostgreSQL server, whose connections run at once: a
 * coordinator moved between clubs while they list must never leave their club's proposal in a
 * list that students are then served.
 */
describe('kept events lists while a coordinator changes club', () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  it("serves students no proposal, whatever the coordinator's lists saw meanwhile", async () => {
    const chess = await createOrgUnit(ctx.db, { name: 'Chess Club', category: 'technical' });
    const drones = await createOrgUnit(ctx.db, { name: 'Drone Club', category: 'technical' });
    const proposer = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: drones.id });
    await createEvent(ctx.db, {
      title: 'Drone race proposal',
      organizingUnitId: drones.id,
      approval: 'proposed',
      createdBy: proposer.id,
      scheduleStart: new Date(Date.now() + 3 * DAY),
    });
    await createEvent(ctx.db, {
      title: 'Open chess evening',
      organizingUnitId: chess.id,
      scheduleStart: new Date(Date.now() + 2 * DAY),
    });
    const moving = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: chess.id });
    const movingCookie = await signInAs(ctx, moving);
    const student = await client.student('Ira');

    const urls = Array.from(
      { length: 60 },
      (_, i) => `/api/events?pageSize=${20 + (i % 30)}&q=${['e', 'n', 'o'][i % 3]}`,
    );
    let stop = false;
    const flipping = (async () => {
      for (let i = 0; !stop; i += 1)
        await ctx.db
          .update(users)
          .set({ clubUnitId: i % 2 === 0 ? drones.id : chess.id })
          .where(eq(users.id, moving.id));
    })();
    const seen: string[][] = [];
    for (let round = 0; round < 4; round += 1) {
      await Promise.all(urls.map((url) => client.inject('GET', url, movingCookie)));
      const lists = await Promise.all(urls.map((url) => client.inject('GET', url, student.cookie)));
      for (const list of lists)
        seen.push((list.json().items as { title: string }[]).map((event) => event.title));
    }
    stop = true;
    await flipping;
    expect(seen).toHaveLength(240);
    expect(seen.filter((titles) => titles.includes('Drone race proposal'))).toEqual([]);
    expect(seen.filter((titles) => titles.includes('Open chess evening')).length).toBe(240);
  });
});
