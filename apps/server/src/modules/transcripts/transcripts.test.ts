import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, activityLog, transcripts, userSkills } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
} from '../../../test/factories';

const NOT_VERIFIED =
  'Only your own verified records can be included. Refresh the page and choose again.';
const NOTHING_CHOSEN = 'Choose at least one verified record to include.';
const NOT_FOUND = 'No transcript has this address. Check the link or the QR code and try again.';
const UNKNOWN_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

describe('co-curricular transcripts', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);

  /** A student named by hand with one record of each kind verified and one of each still pending. */
  let students = 0;
  let catalogue: ReturnType<typeof makeCatalogue> | undefined;
  async function makeCatalogue() {
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    return {
      position: await createPosition(ctx.db, { title: 'Workshop Coordinator', unitId: unit.id }),
      skill: await createSkill(ctx.db, {
        name: 'Embedded C',
        type: 'technical',
        category: 'Programming',
      }),
      other: await createSkill(ctx.db, {
        name: 'Public speaking',
        type: 'cultural',
        category: 'Communication',
      }),
    };
  }
  async function studentWithRecords(name = 'Aditi Rao', studentId = String(22_000_000 + ++students)) {
    const { user } = await createStudent(
      ctx.db,
      { name, studentId },
      { program: 'B.Tech', branch: 'Computer Science and Engineering', batchYear: 2022 },
    );
    const official = await createUser(ctx.db, {
      role: 'GENSEC_SCITECH',
      name: 'Kavya Menon',
      onboardingComplete: true,
    });
    const [verified, pending] = await ctx.db
      .insert(achievements)
      .values([
        {
          userId: user.id,
          title: 'Inter-IIT Tech Meet silver',
          type: 'technical',
          category: 'Competition',
          level: 'national',
          position: '2nd',
          dateAchieved: '2025-03-12',
          verified: true,
          verifiedBy: official.id,
          verifiedAt: new Date('2025-03-20T06:30:00Z'),
        },
        {
          userId: user.id,
          title: 'Hackathon entry',
          type: 'technical',
          category: 'Hackathon',
          dateAchieved: '2025-04-01',
        },
      ])
      .returning();
    const { position, skill, other } = await (catalogue ??= makeCatalogue());
    const holder = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      appointedBy: official.id,
      appointmentDate: '2024-07-01',
    });
    const selfDeclared = await createPositionHolder(ctx.db, {
      userId: user.id,
      tenureYear: '2023-2024',
      verification: 'self_declared',
    });
    const [endorsed, unendorsed] = await ctx.db
      .insert(userSkills)
      .values([
        {
          userId: user.id,
          skillId: skill.id,
          proficiencyLevel: 'advanced',
          isEndorsed: true,
          endorsedBy: official.id,
          endorsedAt: new Date('2025-02-01T10:00:00Z'),
        },
        { userId: user.id, skillId: other.id, proficiencyLevel: 'beginner' },
      ])
      .returning();
    return {
      user,
      cookie: await signInAs(ctx, user),
      official,
      verified: verified!,
      pending: pending!,
      holder,
      selfDeclared,
      endorsed: endorsed!,
      unendorsed: unendorsed!,
    };
  }

  const issue = (cookie: string, body: object) => browser.post('/api/me/transcripts', body, { cookie });
  const countOf = async (userId: string) =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transcripts)
        .where(eq(transcripts.userId, userId))
    )[0]!.n;

  it('asks a signed-out visitor to sign in on every page of their own transcripts', async () => {
    for (const url of [
      '/api/me/transcript-records',
      '/api/me/transcripts',
      `/api/me/transcripts/${UNKNOWN_ID}/pdf`,
    ]) {
      const response = await browser.get(url);
      expect(response.statusCode, url).toBe(401);
    }
    expect(
      (await browser.post('/api/me/transcripts', { achievementIds: [UNKNOWN_ID] })).statusCode,
    ).toBe(401);
    expect((await browser.post(`/api/me/transcripts/${UNKNOWN_ID}/revocation`, {})).statusCode).toBe(
      401,
    );
  });

  it('offers only the student’s own verified records, and counts those still pending', async () => {
    const mine = await studentWithRecords('Aditi Rao', '12340987');
    await studentWithRecords('Someone Else');
    const response = await browser.get('/api/me/transcript-records', { cookie: mine.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.student).toEqual({
      name: 'Aditi Rao',
      studentId: '12340987',
      program: 'B.Tech',
      discipline: 'Computer Science and Engineering',
      batchYear: 2022,
    });
    expect(body.achievements).toEqual([
      {
        id: mine.verified.id,
        code: mine.verified.achievementCode,
        title: 'Inter-IIT Tech Meet silver',
        type: 'technical',
        category: 'Competition',
        level: 'national',
        position: '2nd',
        dateAchieved: '2025-03-12',
        verifiedBy: 'Kavya Menon',
        verifiedAt: '2025-03-20T06:30:00.000Z',
      },
    ]);
    expect(body.positions).toHaveLength(1);
    expect(body.positions[0]).toMatchObject({
      id: mine.holder.id,
      title: 'Workshop Coordinator',
      unit: 'Robotics Club',
      tenureYear: '2024-2025',
      appointmentDate: '2024-07-01',
      verifiedBy: 'Kavya Menon',
    });
    expect(body.skills).toEqual([
      {
        id: mine.endorsed.id,
        name: 'Embedded C',
        category: 'Programming',
        type: 'technical',
        proficiencyLevel: 'advanced',
        endorsedBy: 'Kavya Menon',
        endorsedAt: '2025-02-01T10:00:00.000Z',
      },
    ]);
    expect(body.pending).toEqual({ achievements: 1, positions: 1, skills: 1 });
  });

  it('issues a frozen transcript of the chosen records, with a public address, and logs it', async () => {
    const mine = await studentWithRecords();
    const response = await issue(mine.cookie, {
      achievementIds: [mine.verified.id, mine.verified.id],
      positionIds: [mine.holder.id],
      skillIds: [mine.endorsed.id],
    });
    expect(response.statusCode).toBe(201);
    const { transcript } = response.json();
    expect(transcript.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(transcript.verifyUrl).toBe(`http://localhost:3000/verify/${transcript.id}`);
    expect(transcript.counts).toEqual({ achievements: 1, positions: 1, skills: 1 });
    expect(transcript.revokedAt).toBeNull();

    // Later changes to the records do not change what was issued.
    await ctx.db
      .update(achievements)
      .set({ title: 'Renamed afterwards' })
      .where(eq(achievements.id, mine.verified.id));
    const check = await browser.get(`/api/verify/transcripts/${transcript.id}`);
    expect(check.statusCode).toBe(200);
    const shown = check.json();
    expect(shown.status).toBe('valid');
    expect(shown.institute).toEqual({
      name: 'Indian Institute of Technology Bhilai',
      shortName: 'IIT Bhilai',
    });
    expect(shown.content.student.name).toBe('Aditi Rao');
    expect(shown.content.achievements.map((a: { title: string }) => a.title)).toEqual([
      'Inter-IIT Tech Meet silver',
    ]);
    expect(shown.content.positions.map((p: { title: string }) => p.title)).toEqual([
      'Workshop Coordinator',
    ]);
    expect(shown.content.skills.map((s: { name: string }) => s.name)).toEqual(['Embedded C']);
    // Nothing about the student beyond what was issued: no e-mail, no user id, no pending records.
    expect(JSON.stringify(shown)).not.toContain(mine.user.email);
    expect(JSON.stringify(shown)).not.toContain(mine.user.id);
    expect(JSON.stringify(shown)).not.toContain('Hackathon entry');

    const logged = await ctx.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.subjectId, transcript.id));
    expect(logged.map((line) => [line.type, line.actorId, line.description])).toEqual([
      ['transcript', mine.user.id, 'Issued a co-curricular transcript of 3 records'],
    ]);
  });

  it('refuses an empty choice, a pending record and another student’s record, and issues nothing', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const empty = await issue(mine.cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields?.achievementIds ?? empty.json().error.message).toBe(NOTHING_CHOSEN);
    for (const body of [
      { achievementIds: [mine.verified.id, mine.pending.id] },
      { positionIds: [mine.selfDeclared.id] },
      { skillIds: [mine.unendorsed.id] },
      { achievementIds: [theirs.verified.id] },
      { positionIds: [theirs.holder.id] },
      { skillIds: [theirs.endorsed.id] },
      { achievementIds: [UNKNOWN_ID] },
    ]) {
      const refused = await issue(mine.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.message).toBe(NOT_VERIFIED);
    }
    const malformed = await issue(mine.cookie, { achievementIds: ['not-an-id'] });
    expect(malformed.statusCode).toBe(400);
    const tooMany = await issue(mine.cookie, {
      skillIds: Array.from({ length: 201 }, () => mine.endorsed.id),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await countOf(mine.user.id)).toBe(0);
  });

  it('lists the student’s own transcripts newest first, and no one else’s', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const first = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json().transcript;
    const second = (await issue(mine.cookie, { skillIds: [mine.endorsed.id] })).json().transcript;
    await issue(theirs.cookie, { skillIds: [theirs.endorsed.id] });
    const list = await browser.get('/api/me/transcripts', { cookie: mine.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
  });

  it('lets only the holder revoke, once, and then says so to everyone', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
    const stranger = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: theirs.cookie },
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(NOT_FOUND);
    expect((await browser.get(`/api/verify/transcripts/${transcript.id}`)).json().status).toBe('valid');

    const revoked = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: mine.cookie },
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().transcript.revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: mine.cookie },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This transcript was already revoked.');

    const shown = (await browser.get(`/api/verify/transcripts/${transcript.id}`)).json();
    expect(shown.status).toBe('revoked');
    expect(shown.revokedAt).toBe(revoked.json().transcript.revokedAt);
    const logged = await ctx.db
      .select({ description: activityLog.description })
      .from(activityLog)
      .where(eq(activityLog.subjectId, transcript.id));
    expect(logged.map((line) => line.description).sort()).toEqual([
      'Issued a co-curricular transcript of 1 record',
      'Revoked a co-curricular transcript',
    ]);
  });

  it('lets the database refuse any change to an issued transcript but its one revocation', async () => {
    const mine = await studentWithRecords();
    const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
    await expect(
      ctx.db
        .update(transcripts)
        .set({ content: sql`'{}'::jsonb` })
        .where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(transcripts)
        .set({ issuedAt: new Date('2020-01-01') })
        .where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
    await ctx.db
      .update(transcripts)
      .set({ revokedAt: new Date() })
      .where(eq(transcripts.id, transcript.id));
    await expect(
      ctx.db.update(transcripts).set({ revokedAt: null }).where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
  });

  it('answers an unknown or malformed address without confirming anything, never indexed', async () => {
    const unknown = await browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(NOT_FOUND);
    expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await browser.get('/api/verify/transcripts/12345')).statusCode).toBe(400);
  });

  it('limits how fast one address may check transcripts', async () => {
    const ip = '10.250.1.1';
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`, { ip })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Another address is not held back.
    expect(
      (await browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`, { ip: '10.250.1.2' })).statusCode,
    ).toBe(404);
  });

  it('sends the holder a PDF of their transcript, and nobody else', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const { transcript } = (
      await issue(mine.cookie, { achievementIds: [mine.verified.id], positionIds: [mine.holder.id] })
    ).json();
    const pdf = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, { cookie: mine.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="transcript-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf"$/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, {
      cookie: theirs.cookie,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('draws a long transcript’s PDF without holding up the server’s own thread', async () => {
    const mine = await studentWithRecords();
    const { transcript } = (
      await issue(mine.cookie, { achievementIds: [mine.verified.id], skillIds: [mine.endorsed.id] })
    ).json();
    const [row] = await ctx.db.select().from(transcripts).where(eq(transcripts.id, transcript.id));
    const {
      achievements: [achievement],
      skills: [skill],
    } = row!.content;
    // 200 achievements and 200 skills, written as issued (the trigger guards changes, not new rows):
    // drawn on the server's thread, this blocks it for seconds.
    const content = {
      ...row!.content,
      achievements: Array.from({ length: 200 }, (_, index) => ({
        ...achievement!,
        id: `a${index}`,
        title: `Robotics event ${index}`,
      })),
      skills: Array.from({ length: 200 }, (_, index) => ({
        ...skill!,
        id: `s${index}`,
        name: `Embedded C ${index}`,
      })),
    };
    const [long] = await ctx.db
      .insert(transcripts)
      .values({ userId: mine.user.id, content, institute: row!.institute })
      .returning();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const pdf = await browser.get(`/api/me/transcripts/${long!.id}/pdf`, { cookie: mine.cookie });
    delay.disable();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The longest the thread was busy at once while the PDF was drawn: far below the seconds of drawing it.
    expect(delay.max / 1e6).toBeLessThan(750);
  });

  it('keeps students’ transcript lines out of the president’s list of what officials did', async () => {
    const mine = await studentWithRecords();
    await issue(mine.cookie, { achievementIds: [mine.verified.id] });
    const president = await createUser(ctx.db, { role: 'PRESIDENT', onboardingComplete: true });
    const list = (
      await browser.get('/api/activities', { cookie: await signInAs(ctx, president) })
    ).json();
    expect(
      list.items.some((item: { description: string }) =>
        item.description.startsWith('Issued a co-curricular transcript'),
      ),
    ).toBe(false);
  });
});
