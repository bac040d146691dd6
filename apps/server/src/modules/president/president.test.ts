import { describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createPositionHolder,
  createRoomBooking,
  createStudent,
  createUser,
} from '../../../test/factories';

const HOUR = 60 * 60 * 1000;

describe("the president's dashboard", () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const president = async () => signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));

  it('asks a signed-out visitor to sign in and refuses everyone but the president', async () => {
    for (const url of ['/api/president/summary', '/api/activities']) {
      expect((await get(url)).statusCode).toBe(401);
      for (const role of ['GENSEC_SCITECH', 'CLUB_COORDINATOR'] as const) {
        expect(
          (await get(url, await signInAs(ctx, await createUser(ctx.db, { role })))).statusCode,
        ).toBe(403);
      }
      expect((await get(url, await signInAs(ctx, (await createStudent(ctx.db)).user))).statusCode).toBe(
        403,
      );
    }
  });

  it('counts pending approvals, requests on the panel, planned events still to start and position holder records', async () => {
    const cookie = await president();
    const empty = (await get('/api/president/summary', cookie)).json();
    expect(empty).toEqual({ pendingApprovals: 0, roomBookings: 0, upcomingEvents: 0, cosaRecords: 0 });

    await createRoomBooking(ctx.db, { date: '2099-01-05' });
    await createRoomBooking(ctx.db, { date: '2099-01-06' });
    await createRoomBooking(ctx.db, { date: '2099-01-07', status: 'Approved' });
    await createRoomBooking(ctx.db, { date: '2099-01-08', status: 'Rejected' });
    await createRoomBooking(ctx.db, { date: '2099-01-09', status: 'Withdrawn' });
    // Its time passed without a decision: on the panel (Room Bookings), no longer awaiting approval.
    await createRoomBooking(ctx.db, { date: '2024-01-10' });
    const soon = new Date(Date.now() + 48 * HOUR);
    await createEvent(ctx.db, { status: 'planned', scheduleStart: soon });
    await createEvent(ctx.db, { status: 'planned', scheduleStart: new Date(Date.now() - 48 * HOUR) });
    await createEvent(ctx.db, { status: 'cancelled', scheduleStart: soon });
    await createEvent(ctx.db, { status: 'ongoing', scheduleStart: soon });
    await createPositionHolder(ctx.db);
    await createPositionHolder(ctx.db, { verification: 'self_declared' });
    await createPositionHolder(ctx.db, {
      verification: 'declined',
      declinedAt: new Date(),
      declineReason: 'Not a member of the club.',
    });

    const response = await get('/api/president/summary', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pendingApprovals: 2,
      roomBookings: 5,
      upcomingEvents: 1,
      cosaRecords: 2,
    });
  });

  it('lists the activity log newest first, ten to a page, with type, description, time and who acted', async () => {
    const cookie = await president();
    const actor = await createUser(ctx.db, { role: 'GENSEC_CULTURAL', name: 'Kavya Menon' });
    const before = (await get('/api/activities', cookie)).json().total as number;
    const base = Date.now() + 1000 * HOUR;
    const lines = Array.from({ length: 12 }, (_, index) => ({
      type: (['approval', 'event', 'cosa'] as const)[index % 3]!,
      description: `Activity ${index + 1}`,
      createdAt: new Date(base + index * 1000),
      // The first line's author has since left (their account is gone).
      actorId: index === 0 ? null : actor.id,
    }));
    await ctx.db.insert(activityLog).values(lines);

    const first = (await get('/api/activities', cookie)).json();
    expect(first).toMatchObject({ total: before + 12, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      type: 'cosa',
      description: 'Activity 12',
      timestamp: new Date(base + 11000).toISOString(),
      actor: { name: 'Kavya Menon' },
    });
    expect(first.items[9].description).toBe('Activity 3');
    const second = (await get('/api/activities?page=2', cookie)).json();
    expect(
      second.items
        .slice(0, 2)
        .map((item: { description: string; actor: unknown }) => [item.description, item.actor]),
    ).toEqual([
      ['Activity 2', { name: 'Kavya Menon' }],
      ['Activity 1', null],
    ]);
    expect((await get('/api/activities?page=abc', cookie)).statusCode).toBe(400);
  });
});
