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
  const form = async (overrides: Record<string, unknown> = {}) => ({
    date: freshDay(),
    startTime: '10:00',
    endTime: '11:00',
    roomId: (await findRoom(ctx.db, 'Room A')).id,
    description: 'Robotics club design review',
    ...overrides,
  });

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
        const responses = [
          await client.get('/api/rooms', cookie),
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
