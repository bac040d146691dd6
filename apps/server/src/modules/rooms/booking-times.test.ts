import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const INVALID_TIME = 'Enter a valid time.';
const INVALID_DATE = 'Enter a valid date.';

describe('booking dates and times', () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);
  const form = async (overrides: Record<string, unknown> = {}) => ({
    date: freshDay(),
    startTime: '10:00',
    endTime: '11:00',
    roomId: (await findRoom(ctx.db, 'Room A')).id,
    description: 'Quiz club practice',
    ...overrides,
  });

  it("refuses a room's day outside the years 2000 to 2099 with the date message", async () => {
    const { cookie } = await client.as('GENSEC_SCITECH');
    const room = await findRoom(ctx.db);
    for (const date of ['0000-01-01', '1999-12-31', '2100-01-01', '99999-01-01']) {
      const response = await client.get(`/api/rooms/${room.id}/slots?date=${date}`, cookie);
      expect(response.statusCode, date).toBe(400);
      expect(response.json().error.fields).toEqual({ date: INVALID_DATE });
    }
    const last = await client.get(`/api/rooms/${room.id}/slots?date=2099-12-31`, cookie);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ date: '2099-12-31', taken: [] });
  });

  it('refuses a time that is not HH:MM (or HH:MM:SS), and books nothing', async () => {
    const { cookie } = await client.as('GENSEC_SCITECH');
    for (const startTime of [
      '10:00 AM',
      '11:00 PM',
      '10:00junk',
      '11:00; drop table',
      '9:00',
      '10:60',
      '10:00:60',
      '24:00',
      '1000',
      'noon',
    ]) {
      const response = await client.book(await form({ startTime, endTime: '23:30' }), cookie);
      expect(response.statusCode, startTime).toBe(400);
      expect(response.json().error.fields).toEqual({ startTime: INVALID_TIME });
    }
    for (const endTime of ['11:00 PM', '11:00x', '24:01', '25:00']) {
      const response = await client.book(await form({ endTime }), cookie);
      expect(response.statusCode, endTime).toBe(400);
      expect(response.json().error.fields).toEqual({ endTime: INVALID_TIME });
    }
    expect((await client.get('/api/room-bookings/mine', cookie)).json().total).toBe(0);
  });

  it('takes HH:MM:SS as the minute it names', async () => {
    const { cookie } = await client.as('GENSEC_SCITECH');
    const response = await client.book(
      await form({ startTime: '09:15:00', endTime: '10:45:59' }),
      cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().booking).toMatchObject({ startTime: '09:15', endTime: '10:45' });
  });

  it('books a room until midnight, sent as 24:00 or 00:00, and refuses a span across midnight', async () => {
    const { cookie } = await client.as('GENSEC_CULTURAL');
    const president = await client.as('PRESIDENT');
    const roomA = await findRoom(ctx.db, 'Room A');
    const roomB = await findRoom(ctx.db, 'Room B');
    const date = '2099-08-16';

    const late = await client.book(
      await form({ date, startTime: '22:00', endTime: '24:00', description: 'Night sky watch' }),
      cookie,
    );
    expect(late.statusCode).toBe(201);
    expect(late.json().booking).toMatchObject({ startTime: '22:00', endTime: '24:00' });
    const typed = await client.book(
      await form({
        date,
        roomId: roomB.id,
        startTime: '23:00',
        endTime: '00:00',
        description: 'Midnight quiz',
      }),
      cookie,
    );
    expect(typed.statusCode).toBe(201);
    expect(typed.json().booking).toMatchObject({ startTime: '23:00', endTime: '24:00' });

    const across = await client.book(await form({ date, startTime: '23:00', endTime: '01:00' }), cookie);
    expect(across.statusCode).toBe(400);
    expect(across.json().error.fields).toEqual({
      endTime: 'The end time must be after the start time, on the same day (midnight at the latest).',
    });

    const slots = await client.get(`/api/rooms/${roomA.id}/slots?date=${date}`, cookie);
    expect(slots.json().taken).toEqual([
      { startTime: '22:00', endTime: '24:00', status: 'Pending', mine: true },
    ]);

    // Approved until midnight, it holds the room to the end of the day.
    expect(
      (await client.decide(late.json().booking.id, { status: 'Approved' }, president.cookie)).statusCode,
    ).toBe(200);
    const clash = await client.book(await form({ date, startTime: '23:30', endTime: '24:00' }), cookie);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(
      'Room A on 16 Aug 2099 from 22:00 to 24:00 is already approved for another request.',
    );
    expect((await client.activityOf(late.json().booking.id))[0]).toMatchObject({
      description: 'Approved the booking of Room A on 16 Aug 2099 from 22:00 to 24:00',
    });
    // The next day starts free.
    expect(
      (
        await client.book(
          await form({ date: '2099-08-17', startTime: '00:00', endTime: '01:00' }),
          cookie,
        )
      ).statusCode,
    ).toBe(201);
  });

  it('an approved booking until midnight blocks a pending one after it from being approved', async () => {
    const { cookie } = await client.as('PRESIDENT');
    const date = '2099-08-20';
    const first = await createRoomBooking(ctx.db, { date, startTime: '21:00', endTime: '24:00' });
    const second = await createRoomBooking(ctx.db, { date, startTime: '23:00', endTime: '24:00' });
    expect((await client.decide(first.id, { status: 'Approved' }, cookie)).statusCode).toBe(200);
    const refused = await client.decide(second.id, { status: 'Approved' }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Room A on 20 Aug 2099 from 21:00 to 24:00 is already approved for another request.',
    );
  });
});
