import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, announcements, notifications } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPositionHolder,
  createPosition,
  createStudent,
} from '../../../test/factories';
import { announcementClientOf, hoursFromNow } from '../../../test/announcement-test-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const examWeek = {
  title: 'Exam week',
  body: 'The library stays open until 2 am.\nSee https://library.example.edu',
  audience: 'batch',
  audienceValue: '2024',
};

describe('POST /api/announcements', () => {
  const ctx = useTestApp();
  const client = announcementClientOf(ctx);
  let president: Awaited<ReturnType<typeof client.as>>;

  beforeAll(async () => {
    president = await client.as('PRESIDENT', { name: 'Priya President' });
    await createStudent(ctx.db, { name: 'Asha Verma' }, { batchYear: 2024 });
    await createStudent(ctx.db, { name: 'Bala Krishnan' }, { batchYear: 2024 });
    await createStudent(ctx.db, { name: 'Chitra Rao' }, { batchYear: 2023 });
  });

  it('asks a signed-out visitor to sign in and stores nothing', async () => {
    const response = await client.post({ ...examWeek, title: 'Signed out' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(
      await ctx.db.select().from(announcements).where(eq(announcements.title, 'Signed out')),
    ).toEqual([]);
  });

  it('refuses a student and the institute administrator', async () => {
    for (const role of ['STUDENT', 'ADMIN'] as const) {
      const { user, cookie } = await client.as(role);
      const response = await client.post(examWeek, cookie);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect(await client.announcementsBy(user.id)).toEqual([]);
    }
  });

  it('answers bad input with the field messages and stores nothing', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ ...examWeek, title: undefined }, { title: 'Title is required.' }],
      [{ ...examWeek, title: '   ' }, { title: 'Title is required.' }],
      [{ ...examWeek, title: 'x'.repeat(121) }, { title: 'Title must be at most 120 characters.' }],
      [{ ...examWeek, title: 'Exam\u0007week' }, { title: 'Title must be one line of plain text.' }],
      [{ ...examWeek, title: 'Exam\nweek' }, { title: 'Title must be one line of plain text.' }],
      [{ ...examWeek, body: '' }, { body: 'Message is required.' }],
      [{ ...examWeek, body: 'y'.repeat(4001) }, { body: 'Message must be at most 4000 characters.' }],
      [{ ...examWeek, body: 'Bring your card\u001b[31m.' }, { body: 'Message must be plain text.' }],
      [{ ...examWeek, audience: 'staff' }, { audience: 'Choose an audience.' }],
      [{ ...examWeek, audience: undefined }, { audience: 'Choose an audience.' }],
      [{ ...examWeek, audienceValue: undefined }, { audienceValue: 'Enter a batch year, e.g. 2024.' }],
      [{ ...examWeek, audienceValue: '24' }, { audienceValue: 'Enter a batch year, e.g. 2024.' }],
      [
        { ...examWeek, audience: 'program', audienceValue: 'BTech' },
        { audienceValue: 'Choose a program.' },
      ],
      [
        { ...examWeek, audience: 'discipline', audienceValue: 'Astrology' },
        { audienceValue: 'Choose a discipline.' },
      ],
      [
        { ...examWeek, audience: 'everyone', audienceValue: '2024' },
        { audienceValue: 'This audience takes no value.' },
      ],
      [{ ...examWeek, expiresAt: hoursFromNow(-1) }, { expiresAt: 'The expiry must be in the future.' }],
      [{ ...examWeek, expiresAt: 'next Friday' }, { expiresAt: 'Enter a valid expiry date and time.' }],
      // The author is the session's user: a body naming one is refused.
      [
        { ...examWeek, authorId: '11111111-2222-4333-8444-555555555555' },
        { _: 'Unrecognized key: "authorId"' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const response = await client.post(payload, president.cookie);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    expect(await client.announcementsBy(president.user.id)).toEqual([]);
  });

  it('lets only a club coordinator post to a club, and a coordinator only to their club', async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Chess Club' });
    const coordinator = await client.as('CLUB_COORDINATOR', { clubUnitId: club.id });
    const unlinked = await client.as('CLUB_COORDINATOR');
    const refusals: [string, object, Record<string, string>][] = [
      [
        president.cookie,
        { ...examWeek, audience: 'club', audienceValue: undefined },
        { audience: "Only a club coordinator posts to a club's members." },
      ],
      [
        coordinator.cookie,
        { ...examWeek, audience: 'everyone', audienceValue: undefined },
        { audience: 'A club coordinator posts to the members of their club.' },
      ],
      [
        coordinator.cookie,
        examWeek,
        { audience: 'A club coordinator posts to the members of their club.' },
      ],
      [
        unlinked.cookie,
        { ...examWeek, audience: 'club', audienceValue: undefined },
        { audience: 'Your account is not linked to a club.' },
      ],
    ];
    for (const [cookie, payload, fields] of refusals) {
      const response = await client.post(payload, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    for (const { user } of [president, coordinator, unlinked])
      expect(await client.announcementsBy(user.id)).toEqual([]);
  });

  it('refuses an audience with nobody in it and stores nothing', async () => {
    const response = await client.post({ ...examWeek, audienceValue: '2031' }, president.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { audienceValue: 'Nobody in this audience can receive announcements yet.' },
    });
    expect(await client.announcementsBy(president.user.id)).toEqual([]);
  });

  it('posts as the signed-in official, notifies the audience and logs it', async () => {
    const expiresAt = '2099-03-01T12:30:00+05:30';
    const response = await client.post(
      { ...examWeek, title: '  Exam week  ', expiresAt },
      president.cookie,
    );
    expect(response.statusCode).toBe(201);
    const posted = response.json();
    expect(posted).toEqual({
      id: expect.stringMatching(UUID),
      title: 'Exam week',
      body: examWeek.body,
      audience: 'batch',
      audienceValue: '2024',
      clubName: null,
      authorName: 'Priya President',
      createdAt: expect.stringMatching(ISO_TIME),
      expiresAt: '2099-03-01T07:00:00.000Z',
      recipients: 2,
      readers: 0,
    });
    const [row] = await client.announcementsBy(president.user.id);
    expect(row).toMatchObject({
      id: posted.id,
      authorId: president.user.id,
      recipients: 2,
      clubUnitId: null,
    });
    expect(await client.recipientsOf(posted.id)).toEqual(['Asha Verma', 'Bala Krishnan']);
    const sent = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.announcementId, posted.id));
    for (const n of sent) {
      expect(n).toMatchObject({
        kind: 'announcement',
        subject: 'Exam week',
        detail: examWeek.body,
        link: '/notifications',
        readAt: null,
        delivery: 'app',
      });
    }
    const log = await ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, posted.id));
    expect(log).toEqual([
      expect.objectContaining({
        type: 'announcement',
        actorId: president.user.id,
        description: 'Posted the announcement "Exam week" to Batch 2024 (2 people)',
        subjectType: 'announcement',
      }),
    ]);
  });

  it("posts a coordinator's announcement to their club and names the club", async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    const coordinator = await client.as('CLUB_COORDINATOR', {
      clubUnitId: club.id,
      name: 'Hari Coordinator',
    });
    const member = (await createStudent(ctx.db, { name: 'Dev Member' })).user;
    await createPositionHolder(ctx.db, {
      userId: member.id,
      positionId: (await createPosition(ctx.db, { unitId: club.id })).id,
    });
    const response = await client.post(
      { title: 'Build night', body: 'Friday, 7 pm, lab 2.', audience: 'club' },
      coordinator.cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      audience: 'club',
      audienceValue: null,
      clubName: 'Robotics Club',
      authorName: 'Hari Coordinator',
      recipients: 1,
      expiresAt: null,
    });
    const [row] = await client.announcementsBy(coordinator.user.id);
    expect(row!.clubUnitId).toBe(club.id);
    expect(await client.recipientsOf(response.json().id)).toEqual(['Dev Member']);
    const [log] = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, response.json().id));
    expect(log!.description).toBe(
      'Posted the announcement "Build night" to Members of Robotics Club (1 person)',
    );
  });

  it('refuses the eleventh announcement of an hour with 429 and stores nothing of it', async () => {
    const poster = await client.as('GENSEC_CULTURAL');
    for (let n = 1; n <= 10; n += 1) {
      const response = await client.post({ ...examWeek, title: `Rehearsal ${n}` }, poster.cookie);
      expect(response.statusCode, `announcement ${n}`).toBe(201);
    }
    const refused = await client.post({ ...examWeek, title: 'Rehearsal 11' }, poster.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await client.announcementsBy(poster.user.id)).toHaveLength(10);
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.subject, 'Rehearsal 11')),
    ).toEqual([]);
    // Another official's limit is their own.
    expect((await client.post(examWeek, (await client.as('GENSEC_SPORTS')).cookie)).statusCode).toBe(
      201,
    );
  });

  it('does not count announcements it refused against the hour: a mistyped batch reached nobody', async () => {
    const poster = await client.as('GENSEC_ACADEMIC');
    for (let n = 1; n <= 12; n += 1) {
      const refused = await client.post(
        { ...examWeek, title: `Wrong batch ${n}`, audienceValue: '1999' },
        poster.cookie,
      );
      expect(refused.statusCode, `refusal ${n}`).toBe(400);
      expect(refused.json().error.fields).toEqual({
        audienceValue: 'Nobody in this audience can receive announcements yet.',
      });
    }
    for (let n = 1; n <= 10; n += 1)
      expect(
        (await client.post({ ...examWeek, title: `Seminar ${n}` }, poster.cookie)).statusCode,
        `announcement ${n}`,
      ).toBe(201);
    expect((await client.post({ ...examWeek, title: 'Seminar 11' }, poster.cookie)).statusCode).toBe(
      429,
    );
  });
});
