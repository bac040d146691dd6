import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  emailVerificationTokens,
  passwordResetTokens,
  studentProfiles,
  users,
} from '../../db/schema/index';
import type { MailMessage } from '../../lib/mailer';
import { hashToken, newToken } from '../../lib/tokens';
import { browserOf, cookieOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  FACTORY_PASSWORD,
  createPasswordResetToken,
  createStudent,
  createUser,
} from '../../../test/factories';
import { rollClient, rollCsv, sha256 } from '../../../test/roll-files';
import type { RollAccount, RollPlan } from './roll-import.policy';
import { loadRollAccounts, writeRoll } from './roll-import.store';

// Typed by hand: the refusal this file is about, and the reset link's answers.
const EMAIL_PROVEN =
  "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.";
const LINK_INVALID = 'This reset link is invalid. Please request a new one.';
const D = 'iitbhilai.ac.in';
const LINK = /\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

type Listed = {
  row: number;
  outcome: string;
  studentId: string;
  reasons: string[];
  changes: { field: string; before: string | null; after: string }[];
};

/**
 * What a roll may do to an account that already exists: never move the address of an account
 * whose student proved it or signs in with it, never "change" an account to what it already is,
 * and correct the address of an account nobody has claimed yet, with its old links going.
 */
describe("administration: the roll and existing accounts' e-mail addresses", () => {
  const sent: MailMessage[] = [];
  const ctx = useTestApp(
    {},
    { mailer: () => ({ send: async (message) => void sent.push(message), close: () => undefined }) },
  );
  const roll = rollClient(ctx);
  const { get, post } = browserOf(ctx);
  const admin = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Roll Admin' }));
  const userById = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const importLines = async () =>
    (await ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'import'))).length;
  const tokensOf = async (userId: string) => ({
    reset: (
      await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
    ).length,
    verification: (
      await ctx.db
        .select()
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.userId, userId))
    ).length,
  });

  it("refuses the reviewer's row (a verified student's id with another address) in the preview and the import, and changes nothing", async () => {
    const cookie = await admin();
    const { user } = await createStudent(
      ctx.db,
      { studentId: '12230120', name: 'Meera Iyer', email: `meera.iyer@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023 },
    );
    const studentCookie = await signInAs(ctx, user);
    expect((await get('/api/me/profile', { cookie: studentCookie })).statusCode).toBe(200);
    const auditBefore = await importLines();

    // The same student id, another address, and a corrected name that must not be written either.
    const file = rollCsv([
      {
        studentId: '12230120',
        name: 'Meera S. Iyer',
        email: `someone.else@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2023,
      },
    ]);
    const preview = await roll.preview(file, cookie);
    expect(preview.statusCode).toBe(200);
    const body = preview.json() as { digest: string; totals: object; rows: Listed[] };
    expect(body.totals).toEqual({ rows: 1, new: 0, changed: 0, unchanged: 0, refused: 1 });
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0]).toMatchObject({
      row: 2,
      outcome: 'refused',
      studentId: '12230120',
      email: `someone.else@${D}`,
      reasons: [EMAIL_PROVEN],
      changes: [],
    });

    const imported = await roll.commit(file, cookie, body.digest);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ created: 0, updated: 0, totals: { rows: 1, refused: 1 } });
    expect(imported.json().refusedRows.map((row: Listed) => [row.row, row.reasons])).toEqual([
      [2, [EMAIL_PROVEN]],
    ]);

    // Nothing about the account changed: not its address, its proof, its password, its name, nor its updated_at.
    expect(await userById(user.id)).toEqual(user);
    const [profile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(profile).toMatchObject({ program: 'B.Tech', branch: 'Physics', batchYear: 2023 });
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${`someone.else@${D}`}`),
    ).toHaveLength(0);
    expect(await importLines()).toBe(auditBefore);

    // The student's session still works, and the old address still signs in.
    expect((await get('/api/me/profile', { cookie: studentCookie })).statusCode).toBe(200);
    const signedIn = await post('/api/auth/login', {
      email: `meera.iyer@${D}`,
      password: FACTORY_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(cookieOf(signedIn)).toBeDefined();
    // The other mailbox has no account to reset.
    expect((await post('/api/auth/forgot-password', { email: `someone.else@${D}` })).statusCode).toBe(
      200,
    );
    expect(await tokensOf(user.id)).toEqual({ reset: 0, verification: 0 });
  });

  it('refuses it as well for an account that signs in with Google, and for one holding a password whose address is not proven', async () => {
    const cookie = await admin();
    const google = await createUser(ctx.db, {
      studentId: '12230121',
      email: `google.student@${D}`,
      googleSubject: 'google-12230121',
      onboardingComplete: true,
    });
    // The state the old import left behind: a password, an onboarded profile, the address unproven.
    const { user: unproven } = await createStudent(
      ctx.db,
      { studentId: '12230122', name: 'Nikhil Rao', email: `nikhil.rao@${D}`, emailVerifiedAt: null },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023 },
    );
    const file = rollCsv([
      { studentId: '12230121', name: 'Google Student', email: `google.other@${D}` },
      {
        studentId: '12230122',
        name: 'Nikhil Rao',
        email: `nikhil.other@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2023,
      },
    ]);
    const preview = (await roll.preview(file, cookie)).json() as { totals: object; rows: Listed[] };
    expect(preview.totals).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 0, refused: 2 });
    expect(preview.rows.map((row) => [row.row, row.outcome, row.reasons])).toEqual([
      [2, 'refused', [EMAIL_PROVEN]],
      [3, 'refused', [EMAIL_PROVEN]],
    ]);
    expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await userById(google.id)).toEqual(google);
    expect(await userById(unproven.id)).toEqual(unproven);
  });

  it('reports a row identical to its account as unchanged, and importing the file again writes nothing', async () => {
    const cookie = await admin();
    const { user: proven } = await createStudent(
      ctx.db,
      { studentId: '12240001', name: 'Ritu Sharma', email: `ritu.sharma@${D}` },
      { program: 'MSc', branch: 'Chemistry', batchYear: 2022 },
    );
    // An account the old import had left with an unproven address: still a password and a profile.
    const { user: leftOver } = await createStudent(
      ctx.db,
      { studentId: '12240002', name: 'Sunil Kumar', email: `sunil.kumar@${D}`, emailVerifiedAt: null },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023 },
    );
    const file = rollCsv([
      {
        studentId: '12240001',
        name: 'Ritu Sharma',
        email: `Ritu.Sharma@${D}`,
        program: 'MSc',
        discipline: 'Chemistry',
        year: 2022,
      },
      {
        studentId: '12240002',
        name: 'Sunil Kumar',
        email: `sunil.kumar@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2023,
      },
      {
        studentId: '12240003',
        name: 'New Student',
        email: `new.student@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2024,
      },
    ]);
    expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 1, updated: 0 });
    const [created] = await ctx.db.select().from(users).where(eq(users.studentId, '12240003'));
    const ids = [proven.id, leftOver.id, created!.id];
    const snapshot = async () => ({
      users: await ctx.db.select().from(users).where(inArray(users.id, ids)).orderBy(users.studentId),
      profiles: await ctx.db
        .select()
        .from(studentProfiles)
        .where(inArray(studentProfiles.userId, ids))
        .orderBy(studentProfiles.userId),
    });
    const before = await snapshot();
    const auditBefore = await importLines();

    const preview = (await roll.preview(file, cookie)).json() as { totals: object; rows: Listed[] };
    expect(preview.totals).toEqual({ rows: 3, new: 0, changed: 0, unchanged: 3, refused: 0 });
    expect(preview.rows.map((row) => [row.row, row.outcome, row.changes])).toEqual([
      [2, 'unchanged', []],
      [3, 'unchanged', []],
      [4, 'unchanged', []],
    ]);
    const again = await roll.commit(file, cookie);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, totals: { unchanged: 3 } });
    expect(await snapshot()).toEqual(before);
    expect(await importLines()).toBe(auditBefore);
    // No password wiped, no account made an unclaimed one.
    expect(await userById(leftOver.id)).toMatchObject({
      passwordHash: leftOver.passwordHash,
      importedAt: null,
    });
  });

  it("corrects the address of an account nobody has claimed yet; the old address's links stop working and the new one claims it", async () => {
    const cookie = await admin();
    const first = rollCsv([
      {
        studentId: '12250001',
        name: 'Pooja Reddy',
        email: `pooja.wrong@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2024,
      },
    ]);
    expect((await roll.commit(first, cookie)).json()).toMatchObject({ created: 1 });
    const [account] = await ctx.db.select().from(users).where(eq(users.studentId, '12250001'));
    // Links the old address was sent: a reset link and a verification link.
    const reset = await createPasswordResetToken(ctx.db, { userId: account!.id });
    await ctx.db.insert(emailVerificationTokens).values({
      userId: account!.id,
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const oldLink = `/api/auth/reset-password/${account!.id}/${reset.token}`;
    expect((await get(oldLink)).statusCode).toBe(200);

    const corrected = rollCsv([
      {
        studentId: '12250001',
        name: 'Pooja Reddy',
        email: `pooja.reddy@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2024,
      },
    ]);
    const preview = (await roll.preview(corrected, cookie)).json() as { totals: object; rows: Listed[] };
    expect(preview.totals).toEqual({ rows: 1, new: 0, changed: 1, unchanged: 0, refused: 0 });
    expect(preview.rows[0]).toMatchObject({
      outcome: 'changed',
      reasons: [],
      changes: [{ field: 'email', before: `pooja.wrong@${D}`, after: `pooja.reddy@${D}` }],
    });
    expect((await roll.commit(corrected, cookie)).json()).toMatchObject({ created: 0, updated: 1 });

    expect(await userById(account!.id)).toMatchObject({
      email: `pooja.reddy@${D}`,
      name: 'Pooja Reddy',
      studentId: '12250001',
      passwordHash: null,
      emailVerifiedAt: null,
      importedAt: account!.importedAt,
    });
    expect(await tokensOf(account!.id)).toEqual({ reset: 0, verification: 0 });
    const stale = await get(oldLink);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe(LINK_INVALID);
    expect((await post(oldLink, { password: 'Hijack#2025x' })).statusCode).toBe(400);

    // The corrected address claims the account with the roll's name and student id.
    const count = sent.length;
    expect((await post('/api/auth/forgot-password', { email: `pooja.wrong@${D}` })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/forgot-password', { email: `pooja.reddy@${D}` })).statusCode).toBe(
      200,
    );
    await expect.poll(() => sent.length).toBe(count + 1);
    expect(sent[count]!.to).toBe(`pooja.reddy@${D}`);
    const [, id, token] = sent[count]!.text.match(LINK)!;
    expect(
      (await post(`/api/auth/reset-password/${id}/${token}`, { password: 'Claimed#2025' })).statusCode,
    ).toBe(200);
    const signedIn = await post('/api/auth/login', {
      email: `pooja.reddy@${D}`,
      password: 'Claimed#2025',
    });
    expect(signedIn.json()).toMatchObject({
      user: { name: 'Pooja Reddy', studentId: '12250001', emailVerified: true },
    });
  });

  it('writes in the summary audit line who changed what: each changed account with its fields before and after, the new student ids, the released ones', async () => {
    const cookie = await admin();
    const { user: kiran } = await createStudent(
      ctx.db,
      { studentId: '12260001', name: 'Kiran Rao', email: `kiran.rao@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2022 },
    );
    const { user: same } = await createStudent(
      ctx.db,
      { studentId: '12260002', name: 'Same Person', email: `same.person@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2022 },
    );
    // Someone registered with this student id and never proved their address.
    const squatter = await createUser(ctx.db, {
      studentId: '12260004',
      email: `squatter.x@${D}`,
      emailVerifiedAt: null,
    });
    const file = rollCsv([
      {
        studentId: '12260001',
        name: 'Kiran S. Rao',
        email: `kiran.rao@${D}`,
        program: 'MSc',
        discipline: 'Physics',
        year: 2022,
      },
      {
        studentId: '12260002',
        name: 'Same Person',
        email: `same.person@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2022,
      },
      {
        studentId: '12260003',
        name: 'Fresh One',
        email: `fresh.one@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2024,
      },
      {
        studentId: '12260004',
        name: 'Rightful Owner',
        email: `rightful.owner@${D}`,
        program: 'B.Tech',
        discipline: 'Physics',
        year: 2024,
      },
    ]);
    const answer = await roll.commit(file, cookie, sha256(file), 'batch.csv');
    expect(answer.json()).toMatchObject({ created: 2, updated: 1 });
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.kind, 'import'),
          eq(auditLog.summary, 'Imported 2 new and 1 changed students from batch.csv'),
        ),
      );
    expect(line).toBeDefined();
    expect(line!.after).toEqual({
      fileName: 'batch.csv',
      digest: sha256(file),
      rows: 4,
      new: 2,
      changed: 1,
      unchanged: 1,
      refused: 0,
      changedAccounts: [
        {
          userId: kiran.id,
          studentId: '12260001',
          changes: [
            { field: 'name', before: 'Kiran Rao', after: 'Kiran S. Rao' },
            { field: 'program', before: 'B.Tech', after: 'MSc' },
          ],
        },
      ],
      changedAccountsNotListed: 0,
      newStudentIds: ['12260003', '12260004'],
      newStudentIdsNotListed: 0,
      releasedStudentIds: [{ userId: squatter.id, studentId: '12260004' }],
      releasedStudentIdsNotListed: 0,
    });
    expect(JSON.stringify(line!.after)).not.toContain(same.id);
  });

  it('refuses in the database too a plan that would readdress or take over a proven account: 409, nothing written', async () => {
    const { user } = await createStudent(
      ctx.db,
      { studentId: '12270001', name: 'Guarded One', email: `guarded.one@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023 },
    );
    const [account] = (await loadRollAccounts(ctx.db, ['12270001'], [])) as [RollAccount];
    const clean = {
      studentId: '12270001',
      name: 'Guarded One',
      email: `someone.else@${D}`,
      program: 'B.Tech',
      discipline: 'Physics',
      admissionYear: 2023,
    };
    const base = { kind: 'changed' as const, row: 2, account, changes: [], releaseFrom: null };
    // Plans the policy never makes: another address for a proven account, a take-over of one, a release of its student id.
    const plans: RollPlan[][] = [
      [{ ...base, clean, takeOver: false, emailChanged: true }],
      [{ ...base, clean: { ...clean, email: `guarded.one@${D}` }, takeOver: true, emailChanged: false }],
      [
        {
          kind: 'new',
          row: 2,
          clean: { ...clean, studentId: '12270002', email: `new.guarded@${D}` },
          releaseFrom: user.id,
        },
      ],
    ];
    for (const plan of plans) {
      const error = await ctx.db
        .transaction((tx) => writeRoll(tx, plan))
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ statusCode: 409 });
    }
    expect(await userById(user.id)).toEqual(user);
    expect(await ctx.db.select().from(users).where(eq(users.studentId, '12270002'))).toHaveLength(0);
  });
});
