import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

describe("the president's approval panel", () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const booking = await createRoomBooking(ctx.db, { date: freshDay() });
      for (const response of [
        await client.get('/api/room-bookings'),
        await client.decide(booking.id, { status: 'Approved' }),
      ]) {
        expect(response.statusCode).toBe(401);
      }
    });

    it('refuses general secretaries and students, and decides nothing', async () => {
      const booking = await createRoomBooking(ctx.db, { date: freshDay() });
      for (const role of ['GENSEC_SCITECH', 'GENSEC_CULTURAL', 'STUDENT'] as const) {
        const { cookie } = await client.as(role);
        expect((await client.get('/api/room-bookings', cookie)).statusCode).toBe(403);
        expect((await client.decide(booking.id, { status: 'Approved' }, cookie)).statusCode).toBe(403);
      }
      expect((await client.rowOf(booking.id)).status).toBe('Pending');
    });
  });

  describe('the list', () => {
    it('answers one tab with the counts of every tab, searched over room and description, without withdrawn requests', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const secretary = await client.as('GENSEC_CULTURAL', 'Nisha Kulkarni');
      const roomB = await findRoom(ctx.db, 'Room B');
      const date = freshDay();
      const base = { requestedBy: secretary.user.id, date };
      await createRoomBooking(ctx.db, {
        ...base,
        startTime: '09:00',
        endTime: '10:00',
        description: 'Quiz club SEMIFINAL',
      });
      await createRoomBooking(ctx.db, {
        ...base,
        startTime: '11:00',
        endTime: '12:00',
        description: 'Dance practice',
        status: 'Approved',
      });
      await createRoomBooking(ctx.db, {
        ...base,
        startTime: '13:00',
        endTime: '14:00',
        description: 'Semifinal viewing',
        status: 'Rejected',
        roomId: roomB.id,
      });
      await createRoomBooking(ctx.db, {
        ...base,
        startTime: '15:00',
        endTime: '16:00',
        description: 'Semifinal withdrawn',
        status: 'Withdrawn',
      });

      const all = (await client.get('/api/room-bookings?q=semifinal', cookie)).json();
      expect(all.counts).toEqual({ all: 2, Pending: 1, Approved: 0, Rejected: 1 });
      expect(all.items.map((item: { description: string }) => item.description)).toEqual([
        'Semifinal viewing',
        'Quiz club SEMIFINAL',
      ]);
      expect(all.items[1]).toMatchObject({
        requestedBy: { name: 'Nisha Kulkarni' },
        room: { name: 'Room A' },
        startTime: '09:00',
        endTime: '10:00',
        status: 'Pending',
      });

      const byRoom = (await client.get('/api/room-bookings?q=room%20b&status=Rejected', cookie)).json();
      expect(byRoom.items.map((item: { description: string }) => item.description)).toContain(
        'Semifinal viewing',
      );
      expect(byRoom.items.every((item: { status: string }) => item.status === 'Rejected')).toBe(true);

      const pending = (await client.get('/api/room-bookings?status=Pending&q=SEMI', cookie)).json();
      expect(pending).toMatchObject({ total: 1, counts: { all: 2, Pending: 1, Rejected: 1 } });

      // Wildcards are taken literally.
      expect((await client.get('/api/room-bookings?q=%25', cookie)).json().counts.all).toBe(0);
      expect((await client.get('/api/room-bookings?q=no-such-thing', cookie)).json()).toMatchObject({
        items: [],
        total: 0,
      });
    });

    it('pages on the server and refuses a bad filter', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const date = freshDay();
      for (const startTime of ['08:00', '09:00', '10:00'])
        await createRoomBooking(ctx.db, {
          date,
          startTime,
          endTime: `${startTime.slice(0, 2)}:30`,
          description: `Paging ${startTime}`,
        });
      const page = (await client.get('/api/room-bookings?q=Paging&pageSize=2&page=2', cookie)).json();
      expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page.items.map((item: { description: string }) => item.description)).toEqual([
        'Paging 08:00',
      ]);
      expect((await client.get('/api/room-bookings?status=Withdrawn', cookie)).statusCode).toBe(400);
      expect((await client.get(`/api/room-bookings?q=${'x'.repeat(101)}`, cookie)).statusCode).toBe(400);
    });
  });
});
