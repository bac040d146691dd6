import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { atTheDoor, checkInClientOf } from '../../../test/check-in-client';
import {
  addEventOrganizers,
  createEvent,
  createOrgUnit,
  createStudent,
  createUser,
} from '../../../test/factories';

const NOT_ORGANISER = "Only the event's organisers and the council's officials can do this.";
const NOT_FOUND = 'Event not found.';
const CANCELLED = 'This event is cancelled.';

describe('POST /api/events/:id/check-ins', () => {
  const ctx = useTestApp();
  const client = checkInClientOf(ctx);

  it('checks in a ticket once, and a second scan says when and by whom it was', async () => {
    const { event, organiser, cookie } = await client.eventWithOrganiser();
    const guest = await client.registrant(event.id, 'Arjun Mehta');
    await client.registrant(event.id);
    const code = await client.codeOf(event.id, guest.cookie);
    const scanId = randomUUID();
    // Scanned ten minutes ago, on a device that was offline until now.
    const scannedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const first = await client.post(event.id, [{ scanId, ticket: code, scannedAt }], cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      results: [
        {
          scanId,
          outcome: 'checked_in',
          name: 'Arjun Mehta',
          studentId: guest.user.studentId,
          checkedInAt: scannedAt,
          checkedInBy: 'Nisha Rao',
        },
      ],
      checkedIn: 1,
      confirmed: 2,
    });
    expect(await client.registrationRow(guest.registration.id)).toMatchObject({
      checkedInAt: new Date(scannedAt),
      checkedInBy: organiser.id,
    });
    expect(await client.scansOf(event.id)).toEqual([
      expect.objectContaining({
        scanId,
        registrationId: guest.registration.id,
        scannedBy: organiser.id,
        outcome: 'checked_in',
      }),
    ]);

    // Another organiser at another door scans the same ticket later.
    const { user: second } = await createStudent(ctx.db, { name: 'Kabir Das' });
    await addEventOrganizers(ctx.db, event.id, [second.id]);
    const again = await client.post(event.id, [{ ticket: code }], await signInAs(ctx, second));
    expect(again.json()).toMatchObject({
      results: [
        {
          outcome: 'already',
          name: 'Arjun Mehta',
          checkedInAt: scannedAt,
          checkedInBy: 'Nisha Rao',
        },
      ],
      checkedIn: 1,
      confirmed: 2,
    });
    expect(await client.registrationRow(guest.registration.id)).toMatchObject({
      checkedInBy: organiser.id,
    });
  });

  it('takes a scan time from the future as now', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const guest = await client.registrant(event.id);
    const before = Date.now();
    await client.post(
      event.id,
      [{ ticket: await client.codeOf(event.id, guest.cookie), scannedAt: '2099-01-01T00:00:00Z' }],
      cookie,
    );
    const at = (await client.registrationRow(guest.registration.id)).checkedInAt!.getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('checks in no waitlisted or cancelled registration, nor a forged ticket or another event’s', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const waiting = await client.registrant(event.id, 'Meera Nair', { status: 'waitlisted' });
    const gone = await client.registrant(event.id, 'Vihaan Joshi');
    const goneCode = await client.codeOf(event.id, gone.cookie);
    // Cancelled after the ticket was shown.
    await ctx.db
      .update(eventRegistrations)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(eventRegistrations.id, gone.registration.id));
    const elsewhere = await createEvent(ctx.db, atTheDoor());
    const visitor = await client.registrant(elsewhere.id, 'Saanvi Gupta');
    const visitorCode = await client.codeOf(elsewhere.id, visitor.cookie);
    const forged = `${visitorCode.slice(0, 10)}${visitorCode[10] === 'A' ? 'B' : 'A'}${visitorCode.slice(11)}`;
    const response = await client.post(
      event.id,
      [
        { registrationId: waiting.registration.id },
        { ticket: goneCode },
        { ticket: visitorCode },
        { ticket: forged },
        { ticket: 'https://example.org/not-a-ticket' },
        // A registration of another event, picked by id, is not this door's.
        { registrationId: visitor.registration.id },
        { registrationId: randomUUID() },
      ],
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(results.map((each: { outcome: string }) => each.outcome)).toEqual([
      'waitlisted',
      'cancelled',
      'other_event',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(results[0]).toMatchObject({ name: 'Meera Nair', checkedInAt: null, checkedInBy: null });
    expect(results[1]).toMatchObject({ name: 'Vihaan Joshi', checkedInAt: null });
    // Whose ticket of another event it is stays with that event.
    expect(results[2]).toMatchObject({ name: null, studentId: null });
    expect(response.json()).toMatchObject({ checkedIn: 0, confirmed: 0 });
    for (const id of [waiting.registration.id, gone.registration.id, visitor.registration.id])
      expect((await client.registrationRow(id)).checkedInAt).toBeNull();
    expect(await client.scansOf(event.id)).toHaveLength(7);
  });

  it('checks in a registration picked from the search', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const guest = await client.registrant(event.id, 'Ishaan Verma');
    const response = await client.post(event.id, [{ registrationId: guest.registration.id }], cookie);
    expect(response.json()).toMatchObject({
      results: [{ outcome: 'checked_in', name: 'Ishaan Verma', checkedInBy: 'Nisha Rao' }],
      checkedIn: 1,
      confirmed: 1,
    });
  });

  describe('walk-ins', () => {
    it('refuses them when the event takes none, and makes no registration', async () => {
      const { event, cookie } = await client.eventWithOrganiser({ walkIns: false });
      const { user } = await createStudent(ctx.db);
      const response = await client.post(event.id, [{ walkInStudentId: user.studentId! }], cookie);
      expect(response.json().results[0]).toMatchObject({ outcome: 'walk_ins_closed', name: null });
      expect(await client.registrationsOf(event.id)).toEqual([]);
    });

    it('registers and checks in a student by student id; an existing registration is checked in', async () => {
      const { event, organiser, cookie } = await client.eventWithOrganiser({ walkIns: true });
      const { user: walker } = await createStudent(ctx.db, { name: 'Diya Sharma' });
      const confirmed = await client.registrant(event.id, 'Aarav Singh');
      const waiting = await client.registrant(event.id, 'Ananya Reddy', { status: 'waitlisted' });
      const response = await client.post(
        event.id,
        [
          { walkInStudentId: walker.studentId! },
          { walkInStudentId: confirmed.user.studentId! },
          { walkInStudentId: waiting.user.studentId! },
          { walkInStudentId: '99999999' },
          { walkInStudentId: walker.studentId! },
        ],
        cookie,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        results: [
          { outcome: 'checked_in', name: 'Diya Sharma', studentId: walker.studentId },
          { outcome: 'checked_in', name: 'Aarav Singh' },
          { outcome: 'checked_in', name: 'Ananya Reddy' },
          { outcome: 'unknown_student', name: null },
          { outcome: 'already', name: 'Diya Sharma', checkedInBy: 'Nisha Rao' },
        ],
        checkedIn: 3,
        confirmed: 3,
      });
      const rows = await client.registrationsOf(event.id);
      expect(rows).toHaveLength(3);
      expect(rows.find((row) => row.userId === walker.id)).toMatchObject({
        status: 'confirmed',
        walkIn: true,
        checkedInBy: organiser.id,
      });
      expect(rows.find((row) => row.id === confirmed.registration.id)).toMatchObject({
        walkIn: false,
        checkedInBy: organiser.id,
      });
      // Waiting, but at the door: the seat is theirs as a walk-in.
      expect(rows.find((row) => row.id === waiting.registration.id)).toMatchObject({
        status: 'confirmed',
        walkIn: true,
        checkedInBy: organiser.id,
      });
    });
  });

  describe('who may check in', () => {
    it("the event's creator, the club's coordinator and an official who is neither", async () => {
      const club = await createOrgUnit(ctx.db);
      const creator = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
      const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
      const president = await createUser(ctx.db, { role: 'PRESIDENT' });
      const event = await createEvent(ctx.db, {
        ...atTheDoor(),
        organizingUnitId: club.id,
        createdBy: creator.id,
      });
      for (const user of [creator, coordinator, president]) {
        const guest = await client.registrant(event.id);
        const response = await client.post(
          event.id,
          [{ registrationId: guest.registration.id }],
          await signInAs(ctx, user),
        );
        expect(response.statusCode, user.role).toBe(200);
        expect(response.json().results[0].outcome).toBe('checked_in');
      }
    });

    it('refuses a student who does not run it and another club’s coordinator (403), changing nothing', async () => {
      const club = await createOrgUnit(ctx.db);
      const event = await createEvent(ctx.db, { ...atTheDoor(), organizingUnitId: club.id });
      const guest = await client.registrant(event.id);
      const otherCoordinator = await createUser(ctx.db, {
        role: 'CLUB_COORDINATOR',
        clubUnitId: (await createOrgUnit(ctx.db)).id,
      });
      for (const cookie of [guest.cookie, await signInAs(ctx, otherCoordinator)]) {
        const response = await client.post(
          event.id,
          [{ registrationId: guest.registration.id }],
          cookie,
        );
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: NOT_ORGANISER });
      }
      expect((await client.registrationRow(guest.registration.id)).checkedInAt).toBeNull();
      expect(await client.scansOf(event.id)).toEqual([]);
    });

    it('hides a proposal from those who may not see it, and an unknown event (404)', async () => {
      const proposal = await createEvent(ctx.db, {
        approval: 'proposed',
        organizingUnitId: (await createOrgUnit(ctx.db)).id,
      });
      const otherCoordinator = await createUser(ctx.db, {
        role: 'CLUB_COORDINATOR',
        clubUnitId: (await createOrgUnit(ctx.db)).id,
      });
      const cookie = await signInAs(ctx, otherCoordinator);
      for (const id of [proposal.id, randomUUID()]) {
        const response = await client.post(id, [{ registrationId: randomUUID() }], cookie);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
      }
    });

    it('asks for sign-in (401)', async () => {
      const { event } = await client.eventWithOrganiser();
      expect((await client.post(event.id, [{ registrationId: randomUUID() }])).statusCode).toBe(401);
    });
  });

  it('refuses a cancelled event (409) and checks no one in', async () => {
    const { event, cookie } = await client.eventWithOrganiser({ status: 'cancelled' });
    const guest = await client.registrant(event.id);
    const response = await client.post(event.id, [{ registrationId: guest.registration.id }], cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'CONFLICT', message: CANCELLED });
    expect((await client.registrationRow(guest.registration.id)).checkedInAt).toBeNull();
    expect(await client.scansOf(event.id)).toEqual([]);
  });

  it('refuses bad input (400) and stores nothing', async () => {
    const { event, cookie } = await client.eventWithOrganiser();
    const guest = await client.registrant(event.id);
    const id = guest.registration.id;
    const bad: unknown[] = [
      {},
      { scans: [] },
      { scans: Array.from({ length: 501 }, () => ({ scanId: randomUUID(), registrationId: id })) },
      { scans: [{ scanId: 'scan-1', registrationId: id }] },
      { scans: [{ registrationId: id }] },
      { scans: [{ scanId: randomUUID() }] },
      { scans: [{ scanId: randomUUID(), registrationId: id, ticket: 'T1.x' }] },
      { scans: [{ scanId: randomUUID(), ticket: 'x'.repeat(201) }] },
      { scans: [{ scanId: randomUUID(), registrationId: id, scannedAt: 'yesterday' }] },
      { scans: [{ scanId: randomUUID(), registrationId: id, userId: guest.user.id }] },
    ];
    for (const payload of bad) {
      const response = await client.post(event.id, payload, cookie);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const both = await client.post(
      event.id,
      { scans: [{ scanId: randomUUID(), registrationId: id, walkInStudentId: '1' }] },
      cookie,
    );
    expect(JSON.stringify(both.json().error)).toContain(
      'A scan carries a ticket, a registration or a walk-in student id.',
    );
    expect((await client.registrationRow(id)).checkedInAt).toBeNull();
    expect(await client.scansOf(event.id)).toEqual([]);
  });
});
