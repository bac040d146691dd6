import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const MISSING = '11111111-2222-4333-8444-555555555555';

describe("the president's approval panel", () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);

  describe('a decision', () => {
    it('approves a pending request once, records who decided and the note, and logs it in the same change', async () => {
      const president = await client.as('PRESIDENT', 'Rohan Iyer');
      const secretary = await client.as('GENSEC_SCITECH');
      const booking = await createRoomBooking(ctx.db, {
        requestedBy: secretary.user.id,
        date: '2099-06-10',
        startTime: '10:00',
        endTime: '11:30',
      });
      const response = await client.decide(
        booking.id,
        { status: 'Approved', note: ' Keys at the front desk. ', decidedBy: secretary.user.id },
        president.cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().booking).toMatchObject({
        status: 'Approved',
        decidedBy: { name: 'Rohan Iyer' },
        decisionNote: 'Keys at the front desk.',
      });
      const row = await client.rowOf(booking.id);
      expect(row).toMatchObject({
        status: 'Approved',
        decidedBy: president.user.id,
        decisionNote: 'Keys at the front desk.',
      });
      expect(row.decidedAt).toBeInstanceOf(Date);
      const log = await client.activityOf(booking.id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        type: 'approval',
        actorId: president.user.id,
        description: 'Approved the booking of Room A on 10 Jun 2099 from 10:00 to 11:30',
      });

      // The requester sees the decision on their own list.
      const mine = (await client.get('/api/room-bookings/mine', secretary.cookie)).json();
      expect(mine.items[0]).toMatchObject({
        id: booking.id,
        status: 'Approved',
        decidedBy: { name: 'Rohan Iyer' },
        decisionNote: 'Keys at the front desk.',
      });

      // Once decided, it stays decided: neither a second approval nor a rejection changes it.
      for (const status of ['Approved', 'Rejected']) {
        const again = await client.decide(booking.id, { status }, president.cookie);
        expect(again.statusCode).toBe(409);
        expect(again.json().error.message).toBe('This request is already approved.');
      }
      expect(await client.activityOf(booking.id)).toHaveLength(1);
    });

    it('rejects a pending request without a note', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const booking = await createRoomBooking(ctx.db, { date: freshDay() });
      const response = await client.decide(booking.id, { status: 'Rejected' }, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().booking).toMatchObject({ status: 'Rejected', decisionNote: null });
      expect((await client.activityOf(booking.id))[0]!.description).toMatch(
        /^Rejected the booking of Room A on /,
      );
    });

    it('refuses a bad status, an overlong note, an unknown request and a withdrawn one', async () => {
      const { cookie } = await client.as('PRESIDENT');
      const booking = await createRoomBooking(ctx.db, { date: freshDay() });
      for (const body of [{ status: 'Pending' }, { status: 'Withdrawn' }, {}, { status: 'approved' }]) {
        const response = await client.decide(booking.id, body, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields.status).toBe('Status must be Approved or Rejected.');
      }
      const long = await client.decide(
        booking.id,
        { status: 'Rejected', note: 'x'.repeat(501) },
        cookie,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().error.fields).toEqual({ note: 'The note must be at most 500 characters.' });
      expect((await client.rowOf(booking.id)).status).toBe('Pending');

      expect((await client.decide(MISSING, { status: 'Approved' }, cookie)).statusCode).toBe(404);
      const withdrawn = await createRoomBooking(ctx.db, { date: freshDay(), status: 'Withdrawn' });
      const late = await client.decide(withdrawn.id, { status: 'Approved' }, cookie);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe('This request is already withdrawn.');
    });

    it('refuses to approve a request overlapping an approved booking of the room, naming it; rejecting it still works', async () => {
      const { cookie } = await client.as('PRESIDENT');
      // September: the portal writes 'Sep', as its pages do (Node's own Intl writes 'Sept').
      const date = '2099-09-21';
      const first = await createRoomBooking(ctx.db, { date, startTime: '17:00', endTime: '19:00' });
      const second = await createRoomBooking(ctx.db, { date, startTime: '18:30', endTime: '20:00' });
      expect((await client.decide(first.id, { status: 'Approved' }, cookie)).statusCode).toBe(200);
      const clash = await client.decide(second.id, { status: 'Approved' }, cookie);
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toBe(
        'Room A on 21 Sep 2099 from 17:00 to 19:00 is already approved for another request.',
      );
      expect((await client.rowOf(second.id)).status).toBe('Pending');
      expect(await client.activityOf(second.id)).toHaveLength(0);
      expect((await client.decide(second.id, { status: 'Rejected' }, cookie)).statusCode).toBe(200);
    });
  });
});
