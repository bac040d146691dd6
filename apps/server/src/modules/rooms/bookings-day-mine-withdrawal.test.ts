import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const MISSING = '11111111-2222-4333-8444-555555555555';

describe('room booking by officials', () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);

  describe("a room's day", () => {
    it("lists the day's approved and pending bookings of the room, by start, without withdrawn or rejected ones", async () => {
      const { user, cookie } = await client.as('GENSEC_SCITECH');
      const room = await findRoom(ctx.db, 'Room B');
      const date = freshDay();
      await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '14:00',
        endTime: '15:00',
        status: 'Approved',
      });
      await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '09:00',
        endTime: '10:00',
        requestedBy: user.id,
      });
      await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '11:00',
        endTime: '12:00',
        status: 'Rejected',
      });
      await createRoomBooking(ctx.db, {
        roomId: room.id,
        date,
        startTime: '12:00',
        endTime: '13:00',
        status: 'Withdrawn',
      });
      await createRoomBooking(ctx.db, {
        roomId: (await findRoom(ctx.db, 'Room A')).id,
        date,
        startTime: '16:00',
        endTime: '17:00',
        status: 'Approved',
      });
      const response = await client.get(`/api/rooms/${room.id}/slots?date=${date}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        date,
        taken: [
          { startTime: '09:00', endTime: '10:00', status: 'Pending', mine: true },
          { startTime: '14:00', endTime: '15:00', status: 'Approved', mine: false },
        ],
      });
    });

    it('refuses a bad date and an unknown room', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const room = await findRoom(ctx.db);
      expect((await client.get(`/api/rooms/${room.id}/slots?date=tomorrow`, cookie)).statusCode).toBe(
        400,
      );
      expect((await client.get(`/api/rooms/${room.id}/slots`, cookie)).statusCode).toBe(400);
      expect(
        (await client.get(`/api/rooms/${MISSING}/slots?date=${freshDay()}`, cookie)).statusCode,
      ).toBe(404);
    });
  });

  describe('my requests', () => {
    it("lists only the requester's own requests, newest day first, paged, with who decided and the note", async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const president = await client.as('PRESIDENT', 'Rohan Iyer');
      const [early, late] = [freshDay(), freshDay()];
      await createRoomBooking(ctx.db, { requestedBy: user.id, date: early, description: 'Early' });
      await createRoomBooking(ctx.db, {
        requestedBy: user.id,
        date: late,
        description: 'Late',
        status: 'Rejected',
        decidedBy: president.user.id,
        decidedAt: new Date(),
        decisionNote: 'The room is being painted that week.',
      });
      await createRoomBooking(ctx.db, { date: late, description: 'Someone else' });

      const response = await client.get('/api/room-bookings/mine', cookie);
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list).toMatchObject({ total: 2, page: 1 });
      expect(list.items.map((item: { description: string }) => item.description)).toEqual([
        'Late',
        'Early',
      ]);
      expect(list.items[0]).toMatchObject({
        status: 'Rejected',
        decidedBy: { name: 'Rohan Iyer' },
        decisionNote: 'The room is being painted that week.',
      });
      expect(list.items[0].decidedAt).toMatch(/Z$/);

      const second = (await client.get('/api/room-bookings/mine?pageSize=1&page=2', cookie)).json();
      expect(second.items.map((item: { description: string }) => item.description)).toEqual(['Early']);
      expect((await client.get('/api/room-bookings/mine?page=0', cookie)).statusCode).toBe(400);
    });

    it('starts empty', async () => {
      const { cookie } = await client.as('GENSEC_CULTURAL');
      expect((await client.get('/api/room-bookings/mine', cookie)).json()).toMatchObject({
        items: [],
        total: 0,
      });
    });
  });

  describe('withdrawal', () => {
    it('withdraws the requester’s pending request, logs it once, and a second withdrawal changes nothing', async () => {
      const { user, cookie } = await client.as('GENSEC_SCITECH', 'Arjun Rao');
      const booking = await createRoomBooking(ctx.db, {
        requestedBy: user.id,
        date: '2099-05-02',
        startTime: '09:00',
        endTime: '10:30',
      });
      const [first, again] = [
        await client.withdraw(booking.id, cookie),
        await client.withdraw(booking.id, cookie),
      ];
      expect(first.statusCode).toBe(200);
      expect(first.json().booking.status).toBe('Withdrawn');
      expect(again.statusCode).toBe(200);
      expect((await client.rowOf(booking.id)).status).toBe('Withdrawn');
      const log = await client.activityOf(booking.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        type: 'approval',
        actorId: user.id,
        description: 'Withdrew the request for Room A on 2 May 2099 from 09:00 to 10:30',
      });
    });

    it("refuses another official's request (404) and a decided one (409)", async () => {
      const { user, cookie } = await client.as('GENSEC_SCITECH');
      const president = await client.as('PRESIDENT');
      const others = await createRoomBooking(ctx.db, {
        requestedBy: president.user.id,
        date: freshDay(),
      });
      const notMine = await client.withdraw(others.id, cookie);
      expect(notMine.statusCode).toBe(404);
      expect((await client.rowOf(others.id)).status).toBe('Pending');
      expect((await client.withdraw(MISSING, cookie)).statusCode).toBe(404);
      expect((await client.withdraw('not-an-id', cookie)).statusCode).toBe(400);

      const approved = await createRoomBooking(ctx.db, {
        requestedBy: user.id,
        date: freshDay(),
        status: 'Approved',
      });
      const decided = await client.withdraw(approved.id, cookie);
      expect(decided.statusCode).toBe(409);
      expect(decided.json().error.message).toBe('This request is already approved.');
      expect((await client.rowOf(approved.id)).status).toBe('Approved');
    });
  });
});
