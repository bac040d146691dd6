import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, studentProfiles, users } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { formWith, profileClientOf } from '../../../test/profile-client';
import { transcriptRecordsOf } from '../../../test/transcript-records';

// Typed by hand from decision 0015.
const PROGRAM_KEPT = 'Program is kept by the institute. Ask for a correction on your profile instead.';
const YEAR_KEPT =
  'Admission year is kept by the institute. Ask for a correction on your profile instead.';
const DISCIPLINE_KEPT =
  'Discipline is kept by the institute. Ask for a correction on your profile instead.';

/**
 * The outside review's finding: "Sundar Pichai, PhD, batch 2016: valid". What a student types is
 * their display name; transcripts, credentials and the verify page carry the institute's facts.
 */
describe('the facts the institute keeps', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { putProfile, getProfile } = profileClientOf(ctx);
  const { studentWithRecords, issue } = transcriptRecordsOf(ctx);
  const admin = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Registrar' }));

  it('refuses a profile that changes the program, discipline or admission year, and signs only the institute’s name', async () => {
    const mine = await studentWithRecords('Aditi Rao');
    // Every account with a student id has an official name (the roll's, or fixed at onboarding).
    await ctx.db.update(users).set({ officialName: 'Aditi Rao' }).where(eq(users.id, mine.user.id));
    const self = await putProfile(
      formWith({
        personal: { name: 'Sundar Pichai' },
        academic: { program: 'PhD', branch: 'Physics', batchYear: 2016 },
      }),
      mine.cookie,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({
      'academic.batchYear': YEAR_KEPT,
      'academic.program': PROGRAM_KEPT,
      'academic.branch': DISCIPLINE_KEPT,
    });
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, mine.user.id));
    expect(profile).toMatchObject({ program: 'B.Tech', batchYear: 2022 });
    expect((await getProfile(mine.cookie)).json().profile.personal.name).toBe('Aditi Rao');

    // The display name is the student's to change...
    const renamed = await putProfile(formWith({ personal: { name: 'Sundar Pichai' } }), mine.cookie);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().profile.personal.name).toBe('Sundar Pichai');
    expect(renamed.json().profile.institute).toMatchObject({
      officialName: 'Aditi Rao',
      program: 'B.Tech',
      discipline: 'Computer Science and Engineering',
      admissionYear: 2022,
    });

    // ...but what the institute signs names the student by its own facts.
    const issued = await issue(mine.cookie, { achievementIds: [mine.verified.id] });
    expect(issued.statusCode).toBe(201);
    const shown = (await browser.get(`/api/verify/transcripts/${issued.json().transcript.id}`)).json();
    expect(shown.content.student).toMatchObject({
      name: 'Aditi Rao',
      program: 'B.Tech',
      batchYear: 2022,
    });
    expect(JSON.stringify(shown)).not.toContain('Sundar Pichai');
    const credential = await browser.get(`/api/me/achievements/${mine.verified.id}/credential`, {
      cookie: mine.cookie,
    });
    expect(credential.statusCode).toBe(200);
    const vc = decodeJwt(credential.body).vc as { credentialSubject: { identifier: unknown[] } };
    expect(vc.credentialSubject.identifier).toContainEqual({
      type: 'IdentityObject',
      identityType: 'name',
      hashed: false,
      identityHash: 'Aditi Rao',
    });
    expect(credential.body).not.toContain('Sundar');

    // The rename is in the audit log, as the student's, with the name before and after.
    const lines = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, mine.user.id), eq(auditLog.actorId, mine.user.id)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      kind: 'account',
      action: 'update',
      summary: 'Display name changed',
      before: { name: 'Aditi Rao' },
      after: { name: 'Sundar Pichai' },
    });
  });

  it('lets a student ask for a correction that the administrator approves or declines, audited and notified', async () => {
    const mine = await studentWithRecords('Kiran Rao');
    const other = await studentWithRecords('Other Student');
    const file = (body: object, cookie = mine.cookie) =>
      browser.post('/api/me/corrections', body, { cookie });

    // Bad input: a clear message each, nothing filed.
    const bad = await file({ field: 'program', value: 'Astrology', reason: 'mine' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ value: 'Please choose a program from the list.' });
    const same = await file({ field: 'program', value: 'B.Tech', reason: 'mine' });
    expect(same.json().error.fields).toEqual({
      value: 'This is already the value the institute keeps.',
    });
    const noReason = await file({ field: 'officialName', value: 'Kiran S. Rao', reason: ' ' });
    expect(noReason.json().error.fields).toEqual({ reason: 'Say why the institute’s value is wrong.' });
    const huge = await file({ field: 'officialName', value: 'K'.repeat(5000), reason: 'x' });
    expect(huge.statusCode).toBe(400);

    const filed = await file({
      field: 'officialName',
      value: 'Kiran S. Rao',
      reason: 'My passport has my middle initial.',
    });
    expect(filed.statusCode).toBe(201);
    const id = filed.json().correction.id as string;
    expect(filed.json().correction).toMatchObject({
      field: 'officialName',
      currentValue: 'Kiran Rao',
      requestedValue: 'Kiran S. Rao',
      status: 'open',
    });
    const again = await file({ field: 'officialName', value: 'Kiran Sai Rao', reason: 'typo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'You already asked for a correction of this field: wait for the administrator’s answer.',
    );
    // One's own requests only.
    const theirs = await browser.get('/api/me/corrections', { cookie: other.cookie });
    expect(theirs.json().items).toEqual([]);

    // Only the administrator decides.
    const decide = (body: object, cookie: string, target = id) =>
      browser.post(`/api/admin/corrections/${target}/decision`, body, { cookie });
    expect((await decide({ decision: 'approve' }, mine.cookie)).statusCode).toBe(403);
    expect((await browser.get('/api/admin/corrections', { cookie: mine.cookie })).statusCode).toBe(403);
    const cookie = await admin();
    const open = await browser.get('/api/admin/corrections', { cookie });
    expect(open.json().items.map((item: { id: string }) => item.id)).toEqual([id]);
    const noWhy = await decide({ decision: 'decline' }, cookie);
    expect(noWhy.json().error.fields).toEqual({ reason: 'Give the student a reason for declining.' });

    const approved = await decide({ decision: 'approve' }, cookie);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().correction.status).toBe('approved');
    expect((await decide({ decision: 'approve' }, cookie)).statusCode).toBe(409);
    expect((await getProfile(mine.cookie)).json().profile.institute.officialName).toBe('Kiran S. Rao');
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, mine.user.id), eq(auditLog.summary, 'Official name changed')));
    expect(line).toMatchObject({
      before: { officialName: 'Kiran Rao' },
      after: { officialName: 'Kiran S. Rao' },
    });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, mine.user.id));
    expect(told.map((n) => [n.kind, n.outcome])).toEqual([['identity', 'approved']]);

    // The next transcript carries the corrected name.
    const issued = await issue(mine.cookie, { achievementIds: [mine.verified.id] });
    const shown = (await browser.get(`/api/verify/transcripts/${issued.json().transcript.id}`)).json();
    expect(shown.content.student.name).toBe('Kiran S. Rao');

    // A decline keeps the fact and tells the student why.
    const asked = await file({ field: 'admissionYear', value: '2016', reason: 'I joined earlier.' });
    const declined = await decide(
      { decision: 'decline', reason: 'The admission register says 2022.' },
      cookie,
      asked.json().correction.id,
    );
    expect(declined.json().correction).toMatchObject({
      status: 'declined',
      decisionReason: 'The admission register says 2022.',
    });
    const [row] = await ctx.db
      .select({ year: studentProfiles.batchYear })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, mine.user.id));
    expect(row!.year).toBe(2022);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, mine.user.id));
    expect(account!.name).toBe('Kiran Rao');
  });

  it('keeps officials out of corrections, and strangers out of everything', async () => {
    const official = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const refused = await browser.post(
      '/api/me/corrections',
      { field: 'officialName', value: 'Someone', reason: 'x' },
      { cookie: official },
    );
    expect(refused.statusCode).toBe(403);
    expect((await browser.get('/api/admin/corrections')).statusCode).toBe(401);
    expect((await browser.get('/api/me/corrections')).statusCode).toBe(401);
  });
});
