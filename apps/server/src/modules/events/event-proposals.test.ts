import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, roomBookings } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, findRoom } from '../../../test/factories';
import { registrationClientOf } from '../../../test/registration-client';

const DAY = 86_400_000;

/** A date ahead on the institute's clock (Asia/Kolkata), as YYYY-MM-DD. */
const dayAhead = (days: number) =>
  new Date(Date.now() + days * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);

describe("a club's event proposals and the council's decision", () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  const propose = (cookie: string, payload: object) =>
    client.inject('POST', '/api/events', cookie, payload);

  it('waits hidden from students until the general secretary of its council approves it; changes asked go back and forth', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Dance Club', category: 'cultural' });
    const coordinator = await client.coordinatorOf(club.id);
    const cultural = await client.as('GENSEC_CULTURAL', 'Ritu Das');
    const sports = await client.as('GENSEC_SPORTS');
    const president = await client.as('PRESIDENT');
    const student = await client.student('Om');
    const form = { title: 'Salsa night', category: 'cultural', organizingUnitId: club.id };

    const proposed = await propose(coordinator.cookie, form);
    expect(proposed.statusCode).toBe(201);
    const id = proposed.json().event.id;
    expect(proposed.json().event).toMatchObject({ approval: 'proposed', canDecide: false });
    expect(await client.noticesOf(cultural.user.id)).toEqual([
      { outcome: 'proposed', subject: 'Salsa night', detail: null },
    ]);
    expect(await client.noticesOf(president.user.id)).toHaveLength(1);
    expect(await client.noticesOf(sports.user.id)).toEqual([]);

    // Students see nothing of it.
    expect((await client.inject('GET', `/api/events/${id}`, student.cookie)).statusCode).toBe(404);
    const studentsList = await client.inject('GET', '/api/events?q=salsa', student.cookie);
    expect(studentsList.json().items).toEqual([]);
    expect(
      (await client.inject('GET', '/api/events?pending=true', cultural.cookie)).json(),
    ).toMatchObject({
      total: 1,
      awaitingDecision: 1,
    });
    expect((await client.inject('GET', '/api/events', sports.cookie)).json().awaitingDecision).toBe(0);

    // Another council's secretary may not decide; a reason is needed to send it back.
    const wrongCouncil = await client.decide(id, { decision: 'approve' }, sports.cookie);
    expect(wrongCouncil.statusCode).toBe(403);
    expect(wrongCouncil.json().error.message).toBe(
      "Only the general secretary of the club's council or the president decides on this proposal.",
    );
    const noReason = await client.decide(id, { decision: 'request_changes' }, cultural.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Give a reason the coordinator can act on.');
    expect((await client.decide(id, { decision: 'approve' }, student.cookie)).statusCode).toBe(403);
    expect((await client.decide(id, { decision: 'approve' })).statusCode).toBe(401);
    expect((await client.decide(id, { decision: 'maybe' }, cultural.cookie)).statusCode).toBe(400);

    const sentBack = await client.decide(
      id,
      { decision: 'request_changes', reason: 'Add the venue and the time.' },
      cultural.cookie,
    );
    expect(sentBack.statusCode).toBe(200);
    expect(sentBack.json().event).toMatchObject({
      approval: 'changes_requested',
      approvalDetail: { reason: 'Add the venue and the time.', decidedBy: 'Ritu Das' },
    });
    expect(await client.noticesOf(coordinator.user.id)).toEqual([
      { outcome: 'changes_requested', subject: 'Salsa night', detail: 'Add the venue and the time.' },
    ]);

    // The coordinator's edit sends it back to the council.
    const start = new Date(Date.now() + 10 * DAY);
    const edited = await client.inject('PUT', `/api/events/${id}`, coordinator.cookie, {
      ...form,
      venue: 'Auditorium',
      start: start.toISOString(),
      end: new Date(start.getTime() + 7_200_000).toISOString(),
    });
    expect(edited.json().event.approval).toBe('proposed');
    expect(
      (await client.noticesOf(cultural.user.id)).filter((n) => n.outcome === 'proposed'),
    ).toHaveLength(2);

    const approved = await client.decide(id, { decision: 'approve' }, cultural.cookie);
    expect(approved.json().event).toMatchObject({ approval: 'approved', canDecide: false });
    expect((await client.inject('GET', `/api/events/${id}`, student.cookie)).json().event.title).toBe(
      'Salsa night',
    );
    const twice = await client.decide(id, { decision: 'reject', reason: 'Late.' }, president.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This proposal has already been decided.');
  });

  it('a rejected proposal stays rejected: its coordinator can no longer change it', async () => {
    const club = await createOrgUnit(ctx.db, { category: 'sports' });
    const coordinator = await client.coordinatorOf(club.id);
    const sports = await client.as('GENSEC_SPORTS');
    const form = { title: 'Midnight marathon', category: 'sports', organizingUnitId: club.id };
    const id = (await propose(coordinator.cookie, form)).json().event.id;
    await client.decide(id, { decision: 'reject', reason: 'Not safe at night.' }, sports.cookie);
    const edit = await client.inject('PUT', `/api/events/${id}`, coordinator.cookie, {
      ...form,
      title: 'Dawn run',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe('This proposal was rejected and can no longer be changed.');
    const [row] = await ctx.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({
      title: 'Midnight marathon',
      approval: 'rejected',
      approvalReason: 'Not safe at night.',
    });
  });

  it("an official's own event needs no approval", async () => {
    const president = await client.as('PRESIDENT');
    const club = await createOrgUnit(ctx.db);
    const made = await propose(president.cookie, {
      title: 'Open house',
      category: 'other',
      organizingUnitId: club.id,
    });
    expect(made.json().event.approval).toBe('approved');
    const decided = await client.decide(made.json().event.id, { decision: 'approve' }, president.cookie);
    expect(decided.statusCode).toBe(409);
  });

  it("asks for a room for the proposal's time in the room-booking flow, on one day only", async () => {
    const club = await createOrgUnit(ctx.db, { category: 'cultural' });
    const coordinator = await client.coordinatorOf(club.id);
    const room = await findRoom(ctx.db, 'Room A');
    const day = dayAhead(12);
    const made = await propose(coordinator.cookie, {
      title: 'Poetry slam',
      category: 'cultural',
      organizingUnitId: club.id,
      start: `${day}T17:00:00+05:30`,
      end: `${day}T19:30:00+05:30`,
      roomId: room.id,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().event.roomBooking).toMatchObject({ roomName: 'Room A', status: 'Pending' });
    const [booking] = await ctx.db
      .select()
      .from(roomBookings)
      .where(eq(roomBookings.id, made.json().event.roomBooking.id));
    expect(booking).toMatchObject({
      date: day,
      startTime: '17:00:00',
      endTime: '19:30:00',
      requestedBy: coordinator.user.id,
      description: 'For the event "Poetry slam"',
    });

    const twoDays = await propose(coordinator.cookie, {
      title: 'Weekend retreat',
      category: 'cultural',
      organizingUnitId: club.id,
      start: `${day}T17:00:00+05:30`,
      end: `${dayAhead(13)}T10:00:00+05:30`,
      roomId: room.id,
    });
    expect(twoDays.statusCode).toBe(400);
    expect(twoDays.json().error.fields.roomId).toBe(
      'A room can be requested for an event that starts and ends on the same day.',
    );
    expect(await ctx.db.select().from(events).where(eq(events.title, 'Weekend retreat'))).toEqual([]);
  });

  it("keeps a coordinator's event with their club, and a rejected proposal rejected for the president too", async () => {
    const club = await createOrgUnit(ctx.db, { category: 'technical' });
    const other = await createOrgUnit(ctx.db, { category: 'cultural', name: 'Dramatics Club Q' });
    const coordinator = await client.coordinatorOf(club.id);
    const tech = await client.as('GENSEC_SCITECH');
    const president = await client.as('PRESIDENT');
    const form = { title: 'Robot sumo', category: 'technical', organizingUnitId: club.id };
    const id = (await propose(coordinator.cookie, form)).json().event.id;
    await client.decide(id, { decision: 'approve' }, tech.cookie);
    const moved = await client.inject('PUT', `/api/events/${id}`, coordinator.cookie, {
      ...form,
      organizingUnitId: other.id,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().error.message).toBe('You can create events for your own club only.');
    const [kept] = await ctx.db.select().from(events).where(eq(events.id, id));
    expect(kept!.organizingUnitId).toBe(club.id);

    const rejectedId = (await propose(coordinator.cookie, { ...form, title: 'Laser tag' })).json().event
      .id;
    await client.decide(rejectedId, { decision: 'reject', reason: 'Not safe.' }, tech.cookie);
    const byPresident = await client.inject('PUT', `/api/events/${rejectedId}`, president.cookie, {
      ...form,
      title: 'Laser tag (approved by me)',
    });
    expect(byPresident.statusCode).toBe(409);
    const [rejected] = await ctx.db.select().from(events).where(eq(events.id, rejectedId));
    expect(rejected).toMatchObject({ title: 'Laser tag', approval: 'rejected' });
  });
});
