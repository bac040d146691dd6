import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomBookings } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

/** How often a race runs: each round gives the two requests a fresh chance to overlap. */
const ROUNDS = 6;

/**
 * Decisions on room requests racing each other, on a PostgreSQL server: its connections run at once
 * (PGlite's one connection runs one transaction at a time, where none of this can happen).
 */
describe("the president's approval panel under concurrent decisions", () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);

  it('two approvals of overlapping requests of one room fired at once: exactly one is approved, the other hears 409 naming it', async () => {
    // The president holds the office alone: the second approval comes from another session of theirs
    // (a second tab or device), each request on a connection of its own.
    const president = await client.as('PRESIDENT');
    const otherSession = await signInAs(ctx, president.user);
    const room = await findRoom(ctx.db, 'Room B');
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = freshDay();
      const a = await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '10:00',
        endTime: '12:00',
      });
      const b = await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '11:00',
        endTime: '13:00',
      });
      const responses = await Promise.all([
        client.decide(a.id, { status: 'Approved' }, president.cookie),
        client.decide(b.id, { status: 'Approved' }, otherSession),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409)!;
      const winner = responses[0]!.statusCode === 200 ? a : b;
      expect(loser.json().error.message).toMatch(
        /^Room B on .+ from (10:00 to 12:00|11:00 to 13:00) is already approved for another request\.$/,
      );
      const approved = await ctx.db
        .select()
        .from(roomBookings)
        .where(
          and(
            eq(roomBookings.roomId, room.id),
            eq(roomBookings.date, date),
            eq(roomBookings.status, 'Approved'),
          ),
        );
      expect(approved.map((row) => row.id)).toEqual([winner.id]);
      expect(await client.activityOf(winner.id)).toHaveLength(1);
      expect(await client.activityOf(winner.id === a.id ? b.id : a.id)).toHaveLength(0);
    }
  });

  it('forty approvals of overlapping requests of one room at once: each either lands or hears which booking it clashes with, and none deadlocks', async () => {
    const president = await client.as('PRESIDENT');
    const deadlocks = async () => {
      const result = await ctx.db.execute(
        sql`select deadlocks from pg_stat_database where datname = current_database()`,
      );
      return Number(
        (result as unknown as { rows: { deadlocks: string | number }[] }).rows[0]!.deadlocks,
      );
    };
    const room = await findRoom(ctx.db, 'Room A');
    for (let round = 0; round < 2; round += 1) {
      const date = freshDay();
      // Half-hour requests every quarter of an hour from 08:00: each overlaps its neighbours.
      const requests = [];
      for (let index = 0; index < 40; index += 1) {
        const start = 8 * 60 + index * 15;
        const at = (minutes: number) =>
          `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        requests.push(
          await createRoomBooking(ctx.db, {
            roomId: room.id,
            date,
            startTime: at(start),
            endTime: at(start + 30),
          }),
        );
      }
      const deadlocksBefore = await deadlocks();
      const responses = await Promise.all(
        requests.map((request) => client.decide(request.id, { status: 'Approved' }, president.cookie)),
      );
      // Approvals of one room and day wait their turn rather than deadlock (PostgreSQL reports its
      // statistics within about a second).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await deadlocks()).toBe(deadlocksBefore);
      for (const response of responses) {
        if (response.statusCode === 200) continue;
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toMatch(
          /^Room A on .+ from \d\d:\d\d to \d\d:\d\d is already approved for another request\.$/,
        );
      }
      const approved = await ctx.db
        .select()
        .from(roomBookings)
        .where(
          and(
            eq(roomBookings.roomId, room.id),
            eq(roomBookings.date, date),
            eq(roomBookings.status, 'Approved'),
          ),
        );
      expect(approved).toHaveLength(responses.filter((response) => response.statusCode === 200).length);
      // However they landed, one in three at least: each approved one shuts out its two neighbours only.
      expect(approved.length).toBeGreaterThanOrEqual(14);
      const slots = approved
        .map((row) => [row.startTime.slice(0, 5), row.endTime.slice(0, 5)] as const)
        .sort();
      for (let index = 1; index < slots.length; index += 1)
        expect(slots[index]![0] >= slots[index - 1]![1]).toBe(true);
    }
  });

  it('an approval and a withdrawal of one request at once: exactly one of them lands', async () => {
    const president = await client.as('PRESIDENT');
    const secretary = await client.as('GENSEC_SCITECH');
    for (let round = 0; round < ROUNDS; round += 1) {
      const booking = await createRoomBooking(ctx.db, {
        requestedBy: secretary.user.id,
        date: freshDay(),
      });
      const [decided, withdrawn] = await Promise.all([
        client.decide(booking.id, { status: 'Approved' }, president.cookie),
        client.withdraw(booking.id, secretary.cookie),
      ]);
      expect([decided.statusCode, withdrawn.statusCode].sort()).toEqual([200, 409]);
      const row = await client.rowOf(booking.id);
      expect(row.status).toBe(decided.statusCode === 200 ? 'Approved' : 'Withdrawn');
      expect(await client.activityOf(booking.id)).toHaveLength(1);
    }
  });
});
