import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const MISSING = '11111111-2222-4333-8444-555555555555';
const IN_PAST = 'A booking cannot start in the past.';
const UNKNOWN_ROOM = 'Please choose a room from the list.';

/** Today's date in the institute's zone (Asia/Kolkata is UTC+5:30, no daylight saving). */
const kolkataNow = () => new Date(Date.now() + 330 * 60 * 1000).toISOString();

describe('room booking by officials', () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);
  const { form } = client;

  describe('access', () => {
    it('asks a signed-out visitor to sign in on every endpoint', async () => {
      const room = await findRoom(ctx.db);
      const booking = await createRoomBooking(ctx.db);
      const responses = [
        await client.get('/api/rooms'),
        await client.get(`/api/rooms/${room.id}/slots?date=${freshDay()}`),
        await client.book(await form()),
        await client.get('/api/room-bookings/mine'),
        await client.withdraw(booking.id),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('refuses students and club coordinators, and books nothing', async () => {
      const room = await findRoom(ctx.db);
      const booking = await createRoomBooking(ctx.db);
      for (const role of ['STUDENT', 'CLUB_COORDINATOR'] as const) {
        const { cookie } = await client.as(role);
        const payload = await form({ description: `Booked by a ${role}` });
        // A club coordinator lists the rooms to ask for one with an event's proposal (decision 0029).
        expect((await client.get('/api/rooms', cookie)).statusCode).toBe(role === 'STUDENT' ? 403 : 200);
        const responses = [
          await client.get(`/api/rooms/${room.id}/slots?date=${freshDay()}`, cookie),
          await client.book(payload, cookie),
          await client.get('/api/room-bookings/mine', cookie),
          await client.withdraw(booking.id, cookie),
        ];
        for (const response of responses) expect(response.statusCode).toBe(403);
      }
      expect((await client.rowOf(booking.id)).status).toBe('Pending');
    });
  });

  it('lists the rooms of the database by name', async () => {
    const { cookie } = await client.as('GENSEC_SCITECH');
    const response = await client.get('/api/rooms', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().rooms.map((room: { name: string }) => room.name)).toEqual([
      'Room A',
      'Room B',
    ]);
  });

  describe('a new request', () => {
    it('records a pending request by the signed-in secretary, whoever the body names', async () => {
      const { user, cookie } = await client.as('GENSEC_CULTURAL', 'Kavya Menon');
      const payload = await form({
        date: freshDay(),
        startTime: '14:00',
        endTime: '16:30',
        requestedBy: MISSING,
        status: 'Approved',
        description: '  Dramatics rehearsal  ',
      });
      const response = await client.book(payload, cookie);
      expect(response.statusCode).toBe(201);
      const { booking } = response.json();
      expect(booking).toMatchObject({
        room: { name: 'Room A' },
        date: payload.date,
        startTime: '14:00',
        endTime: '16:30',
        description: 'Dramatics rehearsal',
        status: 'Pending',
        requestedBy: { name: 'Kavya Menon' },
        decidedBy: null,
        decisionNote: null,
        clashes: false,
      });
      const row = await client.rowOf(booking.id);
      expect(row.requestedBy).toBe(user.id);
      expect(row.status).toBe('Pending');
    });

    it('refuses missing fields with the messages of each field', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      const response = await client.book(
        { date: '', startTime: '', endTime: '', roomId: '', description: '   ' },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        date: 'Date is required',
        startTime: 'Start time is required',
        endTime: 'End time is required',
        roomId: 'Room is required',
        description: 'Description is required',
      });
    });

    it('refuses an end before or at the start', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      for (const [startTime, endTime] of [
        ['11:00', '10:00'],
        ['10:00', '10:00'],
      ]) {
        const response = await client.book(await form({ startTime, endTime }), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({
          endTime:
            'The end time must be after the start time, on the same day (midnight at the latest).',
        });
      }
    });

    it('refuses an unknown room and a room id that is not an id', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      for (const roomId of [MISSING, 'Room A']) {
        const response = await client.book(await form({ roomId }), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ roomId: UNKNOWN_ROOM });
      }
    });

    it('refuses a day that is over and a time that has passed today, on the institute clock', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000 + 330 * 60 * 1000)
        .toISOString()
        .slice(0, 10);
      const past = await client.book(await form({ date: yesterday }), cookie);
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields).toEqual({ date: IN_PAST });

      const now = kolkataNow();
      // Earlier today in Kolkata: midnight to one minute past, unless the clock is right at midnight.
      if (now.slice(11, 16) > '00:01') {
        const earlier = await client.book(
          await form({ date: now.slice(0, 10), startTime: '00:00', endTime: '00:01' }),
          cookie,
        );
        expect(earlier.statusCode).toBe(400);
        expect(earlier.json().error.fields).toEqual({ startTime: IN_PAST });
      }
    });

    it('refuses an overlong description, invisible characters and malformed dates and times', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [
          { description: 'x'.repeat(501) },
          { description: 'Description must be at most 500 characters.' },
        ],
        [{ description: 'Meeting\u202e' }, { description: 'Use visible characters only.' }],
        [{ date: '2026-02-30' }, { date: 'Enter a valid date.' }],
        [{ startTime: '25:00' }, { startTime: 'Enter a valid time.' }],
      ];
      for (const [overrides, fields] of cases) {
        const response = await client.book(await form(overrides), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual(fields);
      }
      const longest = await client.book(await form({ description: 'x'.repeat(500) }), cookie);
      expect(longest.statusCode).toBe(201);
    });

    it('refuses a request overlapping an approved booking of the room, naming it; allows one overlapping a pending request and marks both', async () => {
      const { cookie } = await client.as('GENSEC_SCITECH');
      const roomA = await findRoom(ctx.db, 'Room A');
      const roomB = await findRoom(ctx.db, 'Room B');
      const date = '2099-03-14';
      await createRoomBooking(ctx.db, {
        roomId: roomA.id,
        date,
        startTime: '10:00',
        endTime: '12:00',
        status: 'Approved',
      });

      const clash = await client.book(
        await form({ date, startTime: '11:30', endTime: '13:00' }),
        cookie,
      );
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toBe(
        'Room A on 14 Mar 2099 from 10:00 to 12:00 is already approved for another request.',
      );

      // Touching ends do not overlap; another room is free.
      expect(
        (await client.book(await form({ date, startTime: '12:00', endTime: '13:00' }), cookie))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await client.book(
            await form({ date, roomId: roomB.id, startTime: '11:00', endTime: '12:00' }),
            cookie,
          )
        ).statusCode,
      ).toBe(201);

      const first = (
        await client.book(await form({ date, startTime: '15:00', endTime: '16:00' }), cookie)
      ).json().booking;
      const second = (
        await client.book(await form({ date, startTime: '15:30', endTime: '17:00' }), cookie)
      ).json().booking;
      expect(second.clashes).toBe(true);
      const mine = (await client.get('/api/room-bookings/mine?pageSize=100', cookie)).json();
      const byId = new Map(
        mine.items.map((item: { id: string; clashes: boolean }) => [item.id, item.clashes]),
      );
      expect(byId.get(first.id)).toBe(true);
      expect(byId.get(second.id)).toBe(true);
    });
  });
});
