import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubJoinRequests, clubMemberships } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { sqlStateOf } from '../../lib/db-errors';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';

/**
 * Joins and leaves at once on a PostgreSQL server, whose connections run at once (PGlite's one
 * connection runs one transaction at a time, where no race can happen).
 */
describe('joining and leaving at once', () => {
  const ctx = useTestApp();
  const client = membershipClientOf(ctx);

  /** Pairs of periods of one person in one club that overlap. */
  const overlaps = async () =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from club_memberships a join club_memberships b
          on a.unit_id = b.unit_id and a.user_id = b.user_id and a.id < b.id
         and tstzrange(a.started_at, a.ended_at, '[)') && tstzrange(b.started_at, b.ended_at, '[)')`),
    )[0];

  it('50 requests at once from one student store one', async () => {
    const { club, coordinator } = await client.club('Rush Club');
    await client.open(club.id, coordinator.cookie);
    const asha = await client.student('Asha Verma');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.ask(club.id, asha.cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(49).fill(409)]);
    expect(await client.requestsOf(club.id, asha.user.id)).toHaveLength(1);
  });

  it('a leave and a join at once never give two periods that overlap', async () => {
    const { club, coordinator } = await client.club('Churn Club');
    await client.open(club.id, coordinator.cookie);
    const asha = await client.student('Asha Verma');
    const first = (await client.ask(club.id, asha.cookie)).json().request.id as string;
    await client.decide(club.id, first, { decision: 'accept' }, coordinator.cookie);
    for (let round = 0; round < 10; round += 1) {
      // A request waiting while they are a member: the one to accept as they leave.
      const [waiting] = await ctx.db
        .insert(clubJoinRequests)
        .values({ unitId: club.id, userId: asha.user.id, kind: 'request' })
        .returning();
      const [left, accepted] = await Promise.all([
        client.leave(club.id, asha.cookie),
        client.decide(club.id, waiting!.id, { decision: 'accept' }, coordinator.cookie),
      ]);
      expect([200, 409]).toContain(left.statusCode);
      expect([200, 409]).toContain(accepted.statusCode);
      // Whatever the order, leave the round as a member again. An acceptance refused because she
      // was still a member leaves her request waiting: that one is accepted, as the coordinator would.
      if ((await client.periodsOf(club.id, asha.user.id)).every((p) => p.endedAt !== null)) {
        const pending = (await client.requestsOf(club.id, asha.user.id)).find(
          (request) => request.status === 'pending',
        );
        const again =
          pending?.id ?? ((await client.ask(club.id, asha.cookie)).json().request.id as string);
        expect(
          (await client.decide(club.id, again, { decision: 'accept' }, coordinator.cookie)).statusCode,
        ).toBe(200);
      }
    }
    expect(await overlaps()).toEqual({ n: 0 });
    expect((await client.periodsOf(club.id, asha.user.id)).length).toBeGreaterThan(1);
  });

  it('the database refuses a period that overlaps another of the same person and club', async () => {
    const { club } = await client.club('Strict Club');
    const asha = await client.student('Asha Verma');
    await ctx.db.insert(clubMemberships).values({
      unitId: club.id,
      userId: asha.user.id,
      startedAt: new Date('2025-08-01T00:00:00Z'),
      endedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const overlapping = ctx.db.insert(clubMemberships).values({
      unitId: club.id,
      userId: asha.user.id,
      startedAt: new Date('2026-04-01T00:00:00Z'),
      endedAt: new Date('2026-06-01T00:00:00Z'),
    });
    expect(
      sqlStateOf(
        await overlapping.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    ).toBe('23P01');
    // Touching ends do not overlap.
    await ctx.db.insert(clubMemberships).values({
      unitId: club.id,
      userId: asha.user.id,
      startedAt: new Date('2026-05-01T00:00:00Z'),
    });
  });
});
