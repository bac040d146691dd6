import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubJoinRequests } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { lapseJoinRequests } from './lapse.service';

const ctx = useTestApp();
const client = membershipClientOf(ctx);
const DAY = 86_400_000;

describe('lapseJoinRequests', () => {
  it('lapses a request nobody answered in 14 days and tells the student; a younger one waits', async () => {
    const { club, coordinator } = await client.club('Nature Club');
    await client.open(club.id, coordinator.cookie);
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Nair');
    const old = (await client.ask(club.id, asha.cookie)).json().request.id as string;
    const young = (await client.ask(club.id, ravi.cookie)).json().request.id as string;
    const created = new Date('2026-03-01T10:00:00Z');
    await ctx.db
      .update(clubJoinRequests)
      .set({ createdAt: created })
      .where(eq(clubJoinRequests.id, old));
    await ctx.db
      .update(clubJoinRequests)
      .set({ createdAt: new Date(created.getTime() + DAY) })
      .where(eq(clubJoinRequests.id, young));

    // 13 days 23 hours on: nothing yet.
    expect(await lapseJoinRequests(ctx.db, new Date(created.getTime() + 14 * DAY - 3_600_000))).toBe(0);
    // 14 days and a minute on: the older one lapses.
    expect(await lapseJoinRequests(ctx.db, new Date(created.getTime() + 14 * DAY + 60_000))).toBe(1);
    const rows = await ctx.db
      .select()
      .from(clubJoinRequests)
      .where(eq(clubJoinRequests.unitId, club.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [old]: 'lapsed',
      [young]: 'pending',
    });
    expect(await client.noticesOf(asha.user.id)).toEqual([
      { outcome: 'lapsed', subject: 'Nature Club', detail: null },
    ]);
    expect(await client.noticesOf(ravi.user.id)).toEqual([]);
    // The student may ask again.
    expect((await client.ask(club.id, asha.cookie)).statusCode).toBe(201);
  });
});
