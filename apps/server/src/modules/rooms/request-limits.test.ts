import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roomBookings } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const DUPLICATE =
  'You have already asked for this room at this time; that request is waiting for the president.';
const TOO_MANY =
  'You have 30 requests waiting for the president. Withdraw one, or wait for a decision, before asking for more.';

describe('repeated and piled-up requests', () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);
  const waitingOf = (userId: string) =>
    ctx.db
      .select()
      .from(roomBookings)
      .where(and(eq(roomBookings.requestedBy, userId), eq(roomBookings.status, 'Pending')));

  it('refuses the same request while it waits (409), and takes it again once withdrawn', async () => {
    const { user, cookie } = await client.as('GENSEC_SCITECH');
    const body = {
      date: freshDay(),
      startTime: '15:00',
      endTime: '16:00',
      roomId: (await findRoom(ctx.db)).id,
      description: 'Coding club contest',
    };
    const first = await client.book(body, cookie);
    expect(first.statusCode).toBe(201);
    const again = await client.book({ ...body, description: 'Coding club contest, again' }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(DUPLICATE);
    // Another official may ask for the same slot; so may this one for another time.
    const other = await client.as('GENSEC_CULTURAL');
    expect((await client.book(body, other.cookie)).statusCode).toBe(201);
    expect((await client.book({ ...body, endTime: '16:30' }, cookie)).statusCode).toBe(201);

    expect((await client.withdraw(first.json().booking.id, cookie)).statusCode).toBe(200);
    expect((await client.book(body, cookie)).statusCode).toBe(201);
    expect(await waitingOf(user.id)).toHaveLength(2);
  });

  it('twenty identical requests at once: exactly one is recorded, the others hear 409', async () => {
    const { user, cookie } = await client.as('GENSEC_SPORTS');
    const body = {
      date: freshDay(),
      startTime: '07:00',
      endTime: '08:00',
      roomId: (await findRoom(ctx.db, 'Room B')).id,
      description: 'Football team talk',
    };
    const responses = await Promise.all(Array.from({ length: 20 }, () => client.book(body, cookie)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const response of responses.filter((item) => item.statusCode === 409))
      expect(response.json().error.message).toBe(DUPLICATE);
    expect(await waitingOf(user.id)).toHaveLength(1);
  });

  it('holds one official to 30 requests awaiting a decision, also when they arrive at once; ended and decided ones do not count', async () => {
    const { user, cookie } = await client.as('GENSEC_CULTURAL');
    const room = await findRoom(ctx.db);
    const date = freshDay();
    const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
    for (let h = 0; h < 20; h += 1)
      await createRoomBooking(ctx.db, {
        requestedBy: user.id,
        roomId: room.id,
        date,
        startTime: hour(h),
        endTime: hour(h + 1),
      });
    for (let h = 0; h < 8; h += 1)
      await createRoomBooking(ctx.db, {
        requestedBy: user.id,
        roomId: room.id,
        date: freshDay(),
        startTime: hour(h),
        endTime: hour(h + 1),
      });
    // Neither an expired request nor a decided one waits for the president.
    await createRoomBooking(ctx.db, { requestedBy: user.id, date: '2024-02-01' });
    await createRoomBooking(ctx.db, { requestedBy: user.id, date: freshDay(), status: 'Rejected' });

    const later = freshDay();
    const responses = await Promise.all(
      [9, 10, 11, 12, 13].map((h) =>
        client.book(
          {
            date: later,
            startTime: hour(h),
            endTime: hour(h + 1),
            roomId: room.id,
            description: `Rehearsal ${h}`,
          },
          cookie,
        ),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    for (const response of responses.filter((item) => item.statusCode === 409))
      expect(response.json().error.message).toBe(TOO_MANY);
    // 28 waiting before, 30 now, plus the expired one still stored as Pending.
    expect(await waitingOf(user.id)).toHaveLength(31);

    // A decision frees a place.
    const president = await client.as('PRESIDENT');
    const waiting = (await waitingOf(user.id)).find((row) => row.date === later)!;
    expect((await client.decide(waiting.id, { status: 'Rejected' }, president.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (
        await client.book(
          {
            date: later,
            startTime: '20:00',
            endTime: '21:00',
            roomId: room.id,
            description: 'One more',
          },
          cookie,
        )
      ).statusCode,
    ).toBe(201);
  });
});
