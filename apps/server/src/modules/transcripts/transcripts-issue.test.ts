import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { achievements, activityLog } from '../../db/schema/index';
import { browserOf } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { transcriptRecordsOf } from '../../../test/transcript-records';

const NOT_VERIFIED =
  'Only your own verified records can be included. Refresh the page and choose again.';
const NOTHING_CHOSEN = 'Choose at least one verified record to include.';
const UNKNOWN_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

describe('co-curricular transcripts', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { studentWithRecords, issue, countOf } = transcriptRecordsOf(ctx);

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
        // Its verifier has since left the office (the next student's records made another general
        // secretary of the council): the institute no longer signs it, and says whom to ask.
        credentialRefusal:
          "This achievement was verified by someone not entitled to verify it, so the institute does not sign it. Ask your council's general secretary or the president to review it.",
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
    expect(transcript.counts).toEqual({
      achievements: 1,
      positions: 1,
      skills: 1,
      attendance: 0,
      memberships: 0,
    });
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
});
