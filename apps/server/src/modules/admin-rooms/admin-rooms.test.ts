import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roomBookings, rooms } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, createStudent, createUser } from '../../../test/factories';

// Typed by hand from issue 13 (administration: rooms).
const NAME_REQUIRED = 'Name is required.';
const NAME_TAKEN = 'Another room already has this name.';
const CAPACITY_REQUIRED = 'Capacity is required.';
const CAPACITY_INVALID = 'Capacity must be a whole number from 1 to 5000.';
const FEATURES_INVALID = 'At most 20 features of at most 40 characters each.';
const NOT_FOUND = 'This room no longer exists.';
const IS_RETIRED = 'This room is retired. Reinstate it before changing it.';
const ALREADY_RETIRED = 'This room is already retired.';
const NOT_RETIRED = 'This room is not retired.';
const RETIRED_NOTE = 'The room was retired by the institute administrator; please request another room.';
const RETIRED_ROOM = 'This room is retired and can no longer be booked. Please choose another room.';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe('administration: rooms', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const send = (method: 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signIn = async (role: 'ADMIN' | 'GENSEC_CULTURAL') => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const addRoom = async (name: string, extra: Partial<typeof rooms.$inferInsert> = {}) =>
    (
      await ctx.db
        .insert(rooms)
        .values({ name, capacity: 30, ...extra })
        .returning()
    )[0]!;
  const roomRow = async (id: string) => (await ctx.db.select().from(rooms).where(eq(rooms.id, id)))[0]!;

  it('asks a signed-out visitor to sign in and refuses every other role, changing nothing', async () => {
    const room = await addRoom('Access Hall');
    const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['GET', '/api/admin/rooms'],
      ['POST', '/api/admin/rooms', { name: 'Sneaky Hall', capacity: 10 }],
      ['PATCH', `/api/admin/rooms/${room.id}`, { name: 'Renamed Hall' }],
      ['POST', `/api/admin/rooms/${room.id}/retirement`],
      ['POST', `/api/admin/rooms/${room.id}/reinstatement`],
    ];
    const call = (method: string, url: string, cookie?: string, body?: object) =>
      method === 'GET' ? get(url, cookie) : send(method as 'POST' | 'PATCH', url, cookie, body);
    for (const [method, url, body] of calls)
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
    const others = [
      await signInAs(ctx, (await createStudent(ctx.db)).user),
      await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' })),
      (await signIn('GENSEC_CULTURAL')).cookie,
    ];
    for (const cookie of others) {
      for (const [method, url, body] of calls)
        expect((await call(method, url, cookie, body)).statusCode, url).toBe(403);
    }
    expect(await roomRow(room.id)).toMatchObject({ name: 'Access Hall', retiredAt: null });
  });

  it('lists every room, retired ones too, with its bookings counted', async () => {
    const room = await addRoom('Counting Hall', { features: ['Projector'] });
    await createRoomBooking(ctx.db, { roomId: room.id, date: dayFromNow(3) });
    await createRoomBooking(ctx.db, { roomId: room.id, date: dayFromNow(4), status: 'Approved' });
    await createRoomBooking(ctx.db, { roomId: room.id, date: dayFromNow(-4), status: 'Approved' });
    await createRoomBooking(ctx.db, { roomId: room.id, date: dayFromNow(5), status: 'Withdrawn' });
    const retired = await addRoom('Counting Old Hall', { retiredAt: new Date('2025-02-03T04:05:06Z') });
    const { cookie } = await signIn('ADMIN');
    const response = await get('/api/admin/rooms', cookie);
    expect(response.statusCode).toBe(200);
    const list: { id: string; name: string }[] = response.json().rooms;
    expect(list.find((item) => item.id === room.id)).toMatchObject({
      name: 'Counting Hall',
      capacity: 30,
      features: ['Projector'],
      retiredAt: null,
      bookings: { total: 4, awaiting: 1, upcomingApproved: 1 },
    });
    expect(list.find((item) => item.id === retired.id)).toMatchObject({
      retiredAt: '2025-02-03T04:05:06.000Z',
    });
    expect(list.map((item) => item.name)).toEqual(expect.arrayContaining(['Room A', 'Room B']));
  });

  it('adds a room, refusing bad input and a name taken whatever the case', async () => {
    const { cookie } = await signIn('ADMIN');
    const bad = await send('POST', '/api/admin/rooms', cookie, {
      name: ' ',
      capacity: 2.5,
      features: ['x'.repeat(41)],
    });
    expect([bad.statusCode, bad.json().error.fields]).toEqual([
      400,
      { name: NAME_REQUIRED, capacity: CAPACITY_INVALID, 'features.0': FEATURES_INVALID },
    ]);
    const noCapacity = await send('POST', '/api/admin/rooms', cookie, {
      name: 'Capacity Hall',
      capacity: '',
    });
    expect(noCapacity.json().error.fields).toEqual({ capacity: CAPACITY_REQUIRED });
    const tooMany = await send('POST', '/api/admin/rooms', cookie, {
      name: 'Feature Hall',
      capacity: 5,
      features: Array.from({ length: 21 }, (_, i) => `Feature ${i}`),
    });
    expect(tooMany.json().error.fields).toEqual({ features: FEATURES_INVALID });
    const taken = await send('POST', '/api/admin/rooms', cookie, { name: 'room a', capacity: 12 });
    expect([taken.statusCode, taken.json().error.fields]).toEqual([409, { name: NAME_TAKEN }]);
    const lookalike = await send('POST', '/api/admin/rooms', cookie, {
      name: 'Room\u00a0 \uff21',
      capacity: 12,
    });
    expect([lookalike.statusCode, lookalike.json().error.fields]).toEqual([409, { name: NAME_TAKEN }]);

    const created = await send('POST', '/api/admin/rooms', cookie, {
      name: ' Seminar Hall 2 ',
      capacity: '80',
      description: 'Second floor.',
      features: ['Projector', 'projector', '', 'Whiteboard'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().room).toMatchObject({
      name: 'Seminar Hall 2',
      capacity: 80,
      description: 'Second floor.',
      features: ['Projector', 'Whiteboard'],
      retiredAt: null,
      bookings: { total: 0 },
    });
    const names = (await ctx.db.select({ name: rooms.name }).from(rooms)).map((row) => row.name);
    expect(
      names.filter((name) => ['Capacity Hall', 'Feature Hall', 'room a', ' '].includes(name)),
    ).toEqual([]);
  });

  it('renames a room and changes its capacity, description and features', async () => {
    const room = await addRoom('Editing Hall', { features: ['Projector'] });
    await addRoom('Editing Taken Hall');
    const { cookie } = await signIn('ADMIN');
    const changed = await send('PATCH', `/api/admin/rooms/${room.id}`, cookie, {
      name: 'Edited Hall',
      capacity: 45,
      description: 'Ground floor.',
      features: ['Whiteboard', 'Sound system'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().room).toMatchObject({
      name: 'Edited Hall',
      capacity: 45,
      description: 'Ground floor.',
      features: ['Whiteboard', 'Sound system'],
    });
    const bad = await send('PATCH', `/api/admin/rooms/${room.id}`, cookie, { capacity: 0, name: '' });
    expect([bad.statusCode, bad.json().error.fields]).toEqual([
      400,
      { capacity: CAPACITY_INVALID, name: NAME_REQUIRED },
    ]);
    const taken = await send('PATCH', `/api/admin/rooms/${room.id}`, cookie, {
      name: 'EDITING TAKEN HALL',
    });
    expect([taken.statusCode, taken.json().error.fields]).toEqual([409, { name: NAME_TAKEN }]);
    const missing = await send(
      'PATCH',
      '/api/admin/rooms/00000000-0000-4000-8000-00000000abcd',
      cookie,
      { capacity: 3 },
    );
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, NOT_FOUND]);
    expect(await roomRow(room.id)).toMatchObject({ name: 'Edited Hall', capacity: 45 });
  });

  it('retires a room: approved bookings stay, waiting requests are rejected with a note, and it can no longer be booked', async () => {
    const room = await addRoom('Retiring Hall');
    const { user: secretary, cookie: official } = await signIn('GENSEC_CULTURAL');
    const waiting = await createRoomBooking(ctx.db, {
      roomId: room.id,
      requestedBy: secretary.id,
      date: dayFromNow(2),
    });
    const approved = await createRoomBooking(ctx.db, {
      roomId: room.id,
      requestedBy: secretary.id,
      date: dayFromNow(3),
      status: 'Approved',
    });
    const { user: admin, cookie } = await signIn('ADMIN');
    const listed = async () =>
      ((await get('/api/rooms', official)).json().rooms as { name: string }[]).map((item) => item.name);
    expect(await listed()).toContain('Retiring Hall');

    const response = await send('POST', `/api/admin/rooms/${room.id}/retirement`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().rejectedRequests).toBe(1);
    expect(response.json().room).toMatchObject({
      name: 'Retiring Hall',
      bookings: { total: 2, awaiting: 0, upcomingApproved: 1 },
    });
    const [waitingAfter] = await ctx.db
      .select()
      .from(roomBookings)
      .where(eq(roomBookings.id, waiting.id));
    expect(waitingAfter).toMatchObject({
      status: 'Rejected',
      decidedBy: admin.id,
      decisionNote: RETIRED_NOTE,
    });
    const [approvedAfter] = await ctx.db
      .select()
      .from(roomBookings)
      .where(eq(roomBookings.id, approved.id));
    expect(approvedAfter!.status).toBe('Approved');

    expect(await listed()).not.toContain('Retiring Hall');
    const request = await send('POST', '/api/room-bookings', official, {
      date: dayFromNow(6),
      startTime: '10:00',
      endTime: '11:00',
      roomId: room.id,
      description: 'Dance practice',
    });
    expect([request.statusCode, request.json().error.fields]).toEqual([400, { roomId: RETIRED_ROOM }]);
    const again = await send('POST', `/api/admin/rooms/${room.id}/retirement`, cookie);
    expect([again.statusCode, again.json().error.message]).toEqual([409, ALREADY_RETIRED]);
    const change = await send('PATCH', `/api/admin/rooms/${room.id}`, cookie, { capacity: 12 });
    expect([change.statusCode, change.json().error.message]).toEqual([409, IS_RETIRED]);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, room.id), eq(auditLog.kind, 'room')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'update',
      subjectType: 'rooms',
      subjectLabel: 'Retiring Hall',
      before: { retired_at: null },
    });
    expect((audit[0]!.after as { retired_at: string | null }).retired_at).not.toBeNull();
    const rejection = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, waiting.id));
    expect(
      rejection.map((row) => [row.kind, row.actorId, (row.after as { status: string }).status]),
    ).toEqual([['approval', admin.id, 'Rejected']]);
  });

  it('reinstates a retired room onto the booking list', async () => {
    const room = await addRoom('Reinstating Hall', { retiredAt: new Date() });
    const { cookie } = await signIn('ADMIN');
    const { cookie: official } = await signIn('GENSEC_CULTURAL');
    const back = await send('POST', `/api/admin/rooms/${room.id}/reinstatement`, cookie);
    expect([back.statusCode, back.json().room.retiredAt]).toEqual([200, null]);
    expect(
      ((await get('/api/rooms', official)).json().rooms as { name: string }[]).map((item) => item.name),
    ).toContain('Reinstating Hall');
    const notRetired = await send('POST', `/api/admin/rooms/${room.id}/reinstatement`, cookie);
    expect([notRetired.statusCode, notRetired.json().error.message]).toEqual([409, NOT_RETIRED]);
  });

  it("records the administrator's new room with its values", async () => {
    const { user, cookie } = await signIn('ADMIN');
    const created = (
      await send('POST', '/api/admin/rooms', cookie, {
        name: 'Audited Hall',
        capacity: 20,
        features: ['Projector'],
      })
    ).json().room;
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, created.id));
    expect(row).toMatchObject({
      kind: 'room',
      action: 'create',
      actorId: user.id,
      before: null,
      after: { name: 'Audited Hall', capacity: 20, features: ['Projector'] },
    });
  });
});
