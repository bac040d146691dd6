import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { findRoom } from '../../../test/factories';
import {
  campusOf,
  clientOf,
  markAllRead,
  sorted,
  startEachTestAfresh,
  unread,
} from '../../../test/events-inbox';

const APPROVAL_PANEL = '/president-approval?status=Pending';

const queue = (subject: string, items = 1) => ({
  to: 'president',
  kind: 'queue',
  outcome: 'bookings',
  subject,
  detail: null,
  link: APPROVAL_PANEL,
  items,
});
const told = (to: string, outcome: string, subject: string, detail: string | null = null) => ({
  to,
  kind: 'booking',
  outcome,
  subject,
  detail,
  link: '/roombooking',
  items: 1,
});

describe('notifications of room bookings', () => {
  const ctx = useTestApp();
  const api = clientOf(ctx);
  startEachTestAfresh(ctx);
  const request = async (cookie: string, date: string, startTime: string, endTime: string) => {
    const room = await findRoom(ctx.db, 'Room A');
    return api.post('/api/room-bookings', cookie, {
      roomId: room.id,
      date,
      startTime,
      endTime,
      description: 'Club meeting.',
    });
  };

  it('requests reach the president alone, as one notification counting them; a refused request (409) adds nothing', async () => {
    const { people } = await campusOf(ctx);
    expect((await request(people.tech.cookie, '2030-11-25', '10:00', '11:00')).statusCode).toBe(201);
    expect(await unread(ctx, people)).toEqual([queue('Room A on 25 Nov 2030 from 10:00 to 11:00')]);

    expect((await request(people.cult.cookie, '2030-11-26', '14:30', '16:00')).statusCode).toBe(201);
    expect((await request(people.cult.cookie, '2030-11-26', '14:30', '16:00')).statusCode).toBe(409);
    expect(await unread(ctx, people)).toEqual([queue('Room A on 26 Nov 2030 from 14:30 to 16:00', 2)]);
  });

  it("the president's own request waits in nobody's queue", async () => {
    const { people } = await campusOf(ctx);
    expect((await request(people.president.cookie, '2030-12-01', '09:00', '10:00')).statusCode).toBe(
      201,
    );
    expect(await unread(ctx, people)).toEqual([]);
  });

  it('approving and rejecting tell each requester, with the note; the president is told nothing', async () => {
    const { people } = await campusOf(ctx);
    const first = await request(people.sport.cookie, '2030-12-02', '10:00', '12:00');
    const second = await request(people.acad.cookie, '2030-12-03', '08:00', '09:00');
    await markAllRead(ctx);
    expect(
      (
        await api.patch(`/api/room-bookings/${first.json().booking.id}`, people.president.cookie, {
          status: 'Approved',
          note: 'Keys at the front desk.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api.patch(`/api/room-bookings/${second.json().booking.id}`, people.president.cookie, {
          status: 'Rejected',
        })
      ).statusCode,
    ).toBe(200);
    expect(await unread(ctx, people)).toEqual(
      sorted([
        told('sport', 'approved', 'Room A on 2 Dec 2030 from 10:00 to 12:00', 'Keys at the front desk.'),
        told('acad', 'rejected', 'Room A on 3 Dec 2030 from 08:00 to 09:00'),
      ]),
    );
  });

  it("a decision that does not land (409) tells nobody, nor does the president's decision on their own request", async () => {
    const { people } = await campusOf(ctx);
    const taken = await request(people.tech.cookie, '2030-12-04', '10:00', '11:00');
    const clashing = await request(people.cult.cookie, '2030-12-04', '10:30', '11:30');
    const own = await request(people.president.cookie, '2030-12-05', '10:00', '11:00');
    expect(
      (
        await api.patch(`/api/room-bookings/${taken.json().booking.id}`, people.president.cookie, {
          status: 'Approved',
        })
      ).statusCode,
    ).toBe(200);
    await markAllRead(ctx);

    expect(
      (
        await api.patch(`/api/room-bookings/${clashing.json().booking.id}`, people.president.cookie, {
          status: 'Approved',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await api.patch(`/api/room-bookings/${taken.json().booking.id}`, people.president.cookie, {
          status: 'Rejected',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await api.patch(`/api/room-bookings/${own.json().booking.id}`, people.president.cookie, {
          status: 'Approved',
        })
      ).statusCode,
    ).toBe(200);
    expect(await unread(ctx, people)).toEqual([]);
  });
});
