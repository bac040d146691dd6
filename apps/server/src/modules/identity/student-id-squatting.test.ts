import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { createStudent, createUser } from '../../../test/factories';
import { onboardingForm } from '../../../test/onboarding-form';
import { useRollAccountsApp } from '../../../test/roll-accounts';
import { rollCsv } from '../../../test/roll-files';

// Typed by hand from decision 0015.
const CLAIMED =
  'Another account has claimed this Student ID. If it is yours, ask the administrator to give it to you: they check it against the student roll.';
const D = 'iitbhilai.ac.in';

/**
 * The outside review's finding: registering with someone else's student id blocked the real owner
 * (409) and the roll import for ever. The roll is the source of truth; the administrator settles
 * what the roll has not.
 */
describe('a student id squatted by another account', () => {
  const { ctx, roll, get, post, admin, userById } = useRollAccountsApp();

  it('lets the real owner register and ask the administrator, who gives the id to them (audited, both told)', async () => {
    // Someone typed another student's id and proved their own mailbox.
    const { user: squatter } = await createStudent(ctx.db, {
      studentId: '24990001',
      email: `squatter.one@${D}`,
      name: 'Squatter One',
    });
    const registered = await post('/api/auth/register', {
      name: 'Real Owner',
      studentId: '24990001',
      email: `real.owner@${D}`,
      password: 'Orchid#2024',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.studentId).toBeNull();

    const owner = await createUser(ctx.db, {
      onboardingComplete: false,
      studentId: null,
      email: `real.owner2@${D}`,
      name: 'Real Owner',
    });
    const cookie = await signInAs(ctx, owner);
    const taken = await post('/api/onboarding', onboardingForm('24990001'), { cookie });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'STUDENT_ID_CLAIMED',
      message: CLAIMED,
      fields: { idNumber: CLAIMED },
    });
    const asked = await post('/api/me/student-id-claims', { studentId: '24990001' }, { cookie });
    expect(asked.statusCode).toBe(201);
    // The student who asks reads their own request back, never who holds the id.
    expect(asked.json()).toEqual({
      claim: {
        id: expect.any(String),
        studentId: '24990001',
        status: 'open',
        createdAt: expect.any(String),
      },
    });
    const twice = await post('/api/me/student-id-claims', { studentId: '24990001' }, { cookie });
    expect(twice.statusCode).toBe(409);
    const free = await post('/api/me/student-id-claims', { studentId: '24990999' }, { cookie });
    expect(free.json().error.fields).toEqual({
      studentId: 'Nobody else holds this Student ID: enter it on the onboarding form.',
    });

    const adminCookie = await admin();
    expect((await get('/api/admin/student-id-conflicts', { cookie })).statusCode).toBe(403);
    const list = await get('/api/admin/student-id-conflicts', { cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toMatchObject([
      {
        kind: 'reported',
        studentId: '24990001',
        status: 'open',
        claimant: { name: 'Real Owner', email: `real.owner2@${D}` },
        holder: { name: 'Squatter One', email: `squatter.one@${D}`, proven: false },
      },
    ]);
    const conflictId = list.json().items[0].id as string;
    const noReason = await post(
      `/api/admin/student-id-conflicts/${conflictId}/decision`,
      { decision: 'claimant', reason: '' },
      { cookie: adminCookie },
    );
    expect(noReason.json().error.fields).toEqual({
      reason: 'Give a reason: the students concerned read it.',
    });
    const decided = await post(
      `/api/admin/student-id-conflicts/${conflictId}/decision`,
      { decision: 'claimant', reason: 'The admission register lists 24990001 as Real Owner.' },
      { cookie: adminCookie },
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json().conflict.status).toBe('settled');

    expect(await userById(squatter.id)).toMatchObject({
      studentId: null,
      studentIdSource: null,
      onboardingComplete: false,
    });
    expect(await userById(owner.id)).toMatchObject({ studentId: '24990001', studentIdSource: 'admin' });
    // The owner finishes onboarding with the id, which stays the administrator's word.
    const onboarded = await post('/api/onboarding', onboardingForm('24990001'), { cookie });
    expect(onboarded.statusCode).toBe(200);
    expect(await userById(owner.id)).toMatchObject({
      studentIdSource: 'admin',
      onboardingComplete: true,
    });

    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectType, 'users'));
    expect(lines.filter((line) => line.subjectId === squatter.id)).toMatchObject([
      { before: { studentId: '24990001' }, after: { studentId: null } },
    ]);
    expect(lines.filter((line) => line.subjectId === owner.id)).toMatchObject([
      { before: { studentId: null }, after: { studentId: '24990001' } },
    ]);
    const told = await ctx.db.select().from(notifications);
    expect(told.map((n) => [n.userId, n.kind, n.outcome]).sort()).toEqual(
      [
        [owner.id, 'identity', 'given to you'],
        [squatter.id, 'identity', 'released'],
      ].sort(),
    );
  });

  it('gives the roll’s row a student id that another account only typed, and tells that account to re-enter its own', async () => {
    const cookie = await admin();
    const { user: squatter } = await createStudent(ctx.db, {
      studentId: '24990002',
      email: `squatter.two@${D}`,
      name: 'Squatter Two',
    });
    // A student whose id and address the roll confirms: their claim becomes the roll's.
    const { user: rightful } = await createStudent(
      ctx.db,
      { studentId: '24990003', email: `rightful.three@${D}`, name: 'Rightful Three' },
      { program: 'B.Tech', branch: 'Computer Science & Engineering', batchYear: 2024 },
    );
    const file = rollCsv([
      { studentId: '24990002', name: 'Owner Two', email: `owner.two@${D}` },
      { studentId: '24990003', name: 'Rightful Three', email: `rightful.three@${D}` },
    ]);
    const preview = await roll.preview(file, cookie);
    expect(preview.json().totals).toEqual({ rows: 2, new: 1, changed: 0, unchanged: 1, refused: 0 });
    const imported = await roll.commit(file, cookie, preview.json().digest);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, updated: 0 });

    expect(await userById(squatter.id)).toMatchObject({ studentId: null, onboardingComplete: false });
    const [owner] = await ctx.db.select().from(users).where(eq(users.studentId, '24990002'));
    expect(owner).toMatchObject({
      email: `owner.two@${D}`,
      officialName: 'Owner Two',
      studentIdSource: 'roll',
    });
    expect(await userById(rightful.id)).toMatchObject({ studentIdSource: 'roll' });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, squatter.id));
    expect(told.map((n) => [n.kind, n.outcome])).toEqual([['identity', 'released']]);

    const settled = await get('/api/admin/student-id-conflicts?status=settled', { cookie });
    const releases = settled
      .json()
      .items.filter((item: { studentId: string }) => item.studentId === '24990002');
    expect(releases).toMatchObject([
      {
        kind: 'released',
        studentId: '24990002',
        resolution: 'Released by the student roll import',
        holder: { email: `owner.two@${D}`, proven: true },
      },
    ]);

    // Now the roll's, the id is refused to anyone else with the way out named.
    const again = await post('/api/auth/register', {
      name: 'Squatter Two',
      studentId: '24990003',
      email: `squatter.again@${D}`,
      password: 'Orchid#2024',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields.studentId).toBe(
      'An account with this Student ID already exists on the institute’s student roll. If it is yours, ask the administrator to correct it.',
    );
  });
});
