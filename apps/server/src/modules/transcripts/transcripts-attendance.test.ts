import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, events, transcripts } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { studentWithAttendance } from '../../../test/attendance-records';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createRegistration } from '../../../test/factories';
import { transcriptRecordsOf } from '../../../test/transcript-records';

const NOT_VERIFIED =
  'Only your own verified records can be included. Refresh the page and choose again.';

/* Events attended, chosen on a transcript: offered, issued, verified and withdrawn. */

describe('attendance on a transcript', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { issue, countOf } = transcriptRecordsOf(ctx);

  async function attendee() {
    const found = await studentWithAttendance(ctx);
    return { ...found, cookie: await signInAs(ctx, found.user) };
  }

  it('offers the events the student was checked in at, and only those', async () => {
    const { cookie, workshop, talk, attended, walkedIn } = await attendee();
    const response = await browser.get('/api/me/transcript-records', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().attendance).toEqual([
      {
        id: walkedIn.id,
        eventId: talk.id,
        title: 'Space talk',
        checkedInAt: '2025-09-02T12:00:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
      {
        id: attended.id,
        eventId: workshop.id,
        title: 'Robotics workshop',
        checkedInAt: '2025-08-14T19:30:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
    ]);
  });

  it('issues a transcript of attendance alone, frozen and shown on its verification page', async () => {
    const { user, cookie, workshop, attended } = await attendee();
    const response = await issue(cookie, { attendanceIds: [attended.id, attended.id] });
    expect(response.statusCode).toBe(201);
    const { transcript } = response.json();
    expect(transcript.counts).toEqual({
      achievements: 0,
      positions: 0,
      skills: 0,
      attendance: 1,
      memberships: 0,
    });

    // Renaming the event later does not change what was issued, nor withdraw it.
    await ctx.db.update(events).set({ title: 'Renamed later' }).where(eq(events.id, workshop.id));
    const check = await browser.get(`/api/verify/transcripts/${transcript.id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: 'valid', withdrawn: [] });
    expect(check.json().content.attendance).toEqual([
      {
        id: attended.id,
        eventId: workshop.id,
        title: 'Robotics workshop',
        checkedInAt: '2025-08-14T19:30:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
    ]);
    expect(check.json().content.student.name).toBe('Aditi Rao');
    expect(await countOf(user.id)).toBe(1);
  });

  it('refuses another student’s registration and every one not on the record, and issues nothing', async () => {
    const { user, cookie, attended, notOnRecord } = await attendee();
    for (const [what, registration] of Object.entries(notOnRecord)) {
      const response = await issue(cookie, { attendanceIds: [attended.id, registration.id] });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.message, what).toBe(NOT_VERIFIED);
    }
    const malformed = await issue(cookie, { attendanceIds: ['not-an-id'] });
    expect(malformed.statusCode).toBe(400);
    expect(await countOf(user.id)).toBe(0);
  });

  it('marks attendance withdrawn when the registration is deleted, the check-in undone or the event cancelled', async () => {
    const { user, cookie, attended, walkedIn, door } = await attendee();
    const fair = await createEvent(ctx.db, { title: 'Science fair' });
    const third = await createRegistration(ctx.db, fair.id, user.id, {
      checkedInAt: new Date('2025-10-01T06:00:00Z'),
      checkedInBy: door.id,
    });
    const response = await issue(cookie, { attendanceIds: [attended.id, walkedIn.id, third.id] });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().transcript;
    const withdrawn = async () => (await browser.get(`/api/verify/transcripts/${id}`)).json().withdrawn;
    expect(await withdrawn()).toEqual([]);

    await ctx.db
      .update(eventRegistrations)
      .set({ checkedInAt: null, checkedInBy: null })
      .where(eq(eventRegistrations.id, attended.id));
    await ctx.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, walkedIn.eventId));
    await ctx.db.delete(eventRegistrations).where(eq(eventRegistrations.id, third.id));
    // In the transcript's order: latest check-in first.
    expect(await withdrawn()).toEqual([
      { kind: 'attendance', id: third.id, reason: 'record_deleted' },
      { kind: 'attendance', id: walkedIn.id, reason: 'record_changed' },
      { kind: 'attendance', id: attended.id, reason: 'record_unverified' },
    ]);
    // The transcript itself still stands; only those items are marked.
    const check = await browser.get(`/api/verify/transcripts/${id}`);
    expect(check.json().status).toBe('valid');
    expect(check.json().content.attendance).toHaveLength(3);
  });

  it('reads a transcript issued before attendance and memberships could be chosen as holding none', async () => {
    const { user, cookie } = await attendee();
    const [row] = await ctx.db
      .insert(transcripts)
      .values({
        userId: user.id,
        content: {
          student: {
            name: 'Aditi Rao',
            studentId: null,
            program: 'B.Tech',
            discipline: null,
            batchYear: 2022,
          },
          achievements: [],
          positions: [],
          skills: [],
        },
        institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' },
      })
      .returning();
    const check = await browser.get(`/api/verify/transcripts/${row!.id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ status: 'valid', withdrawn: [] });
    expect(check.json().content.attendance).toEqual([]);
    expect(check.json().content.memberships).toEqual([]);
    const mine = await browser.get('/api/me/transcripts', { cookie });
    expect(mine.json().items[0].counts).toEqual({
      achievements: 0,
      positions: 0,
      skills: 0,
      attendance: 0,
      memberships: 0,
    });
    const pdf = await browser.get(`/api/me/transcripts/${row!.id}/pdf`, { cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
