import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { createPosition, createPositionHolder } from '../../../test/factories';

const ctx = useTestApp();
const client = membershipClientOf(ctx);

type Entry = { student: { name: string; studentId: string | null }; role: string; offices: string[] };

/*
 * A roster page is kept for whoever reads it (decision 0034): the next read must still show every
 * change of the club's memberships, its members' names and the positions they hold.
 */
describe('a club roster, kept while it stays as it was', () => {
  it('shows a new member, a rename, a position held and a departure to the next read', async () => {
    const { club, coordinator } = await client.club('Photography Club');
    const other = await client.club('Dance Club', 'Ira Sen');
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Nair');
    const president = await client.as('PRESIDENT');
    const roster = async (cookie: string, query = '') => {
      const response = await client.inject('GET', `/api/clubs/${club.id}/members?${query}`, cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { items: Entry[]; total: number; overall: number };
      return { ...body, names: body.items.map((entry) => entry.student.name) };
    };
    expect((await roster(coordinator.cookie)).names).toEqual([]);

    await client.joinThroughRequest(club.id, coordinator.cookie, asha.cookie);
    expect(await roster(president.cookie)).toMatchObject({ names: ['Asha Verma'], total: 1 });
    // Another club's change leaves this roster as it is, and that club's roster shows its own.
    await client.joinThroughRequest(other.club.id, other.coordinator.cookie, ravi.cookie);
    await client.joinThroughRequest(club.id, coordinator.cookie, ravi.cookie);
    expect((await roster(coordinator.cookie)).names).toEqual(['Asha Verma', 'Ravi Nair']);

    await ctx.db.update(users).set({ name: 'Asha Verma Rao' }).where(eq(users.id, asha.user.id));
    expect((await roster(coordinator.cookie)).names).toEqual(['Asha Verma Rao', 'Ravi Nair']);
    expect((await roster(coordinator.cookie, 'q=rao')).names).toEqual(['Asha Verma Rao']);

    const position = await createPosition(ctx.db, { unitId: club.id, title: 'Gallery Curator' });
    const holder = await createPositionHolder(ctx.db, {
      userId: ravi.user.id,
      positionId: position.id,
      verification: 'verified',
      verifiedBy: coordinator.user.id,
      verifiedAt: new Date(),
    });
    expect((await roster(coordinator.cookie)).items[1]).toMatchObject({
      student: { name: 'Ravi Nair' },
      offices: ['Gallery Curator'],
    });
    await ctx.db
      .update(positionHolders)
      .set({ status: 'terminated' })
      .where(eq(positionHolders.id, holder.id));
    expect((await roster(coordinator.cookie)).items[1]?.offices).toEqual([]);

    expect((await client.leave(club.id, asha.cookie)).statusCode).toBe(200);
    expect(await roster(coordinator.cookie)).toMatchObject({
      names: ['Ravi Nair'],
      total: 1,
      overall: 1,
    });
    expect(await roster(coordinator.cookie, 'status=past')).toMatchObject({
      names: ['Asha Verma Rao'],
      total: 1,
    });
  });
});
