import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentProfiles, users } from '../../db/schema/index';
import { cookieOf, signInAs } from '../../../test/auth-helpers';
import { FACTORY_PASSWORD, createStudent, createUser } from '../../../test/factories';
import { previewRows, rollCsv } from '../../../test/roll-files';
import type { RollAccount, RollPlan } from './roll-import.policy';
import { loadRollAccounts, writeRoll } from './roll-import.store';
import { useRollAccountsApp, type ListedRow } from '../../../test/roll-accounts';

// Typed by hand: the refusal this file is about, and the reset link's answers.
const EMAIL_PROVEN =
  "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.";
const D = 'iitbhilai.ac.in';

/**
 * What a roll may do to an account that already exists: never move the address of an account
 * whose student proved it or signs in with it, never "change" an account to what it already is,
 * and correct the address of an account nobody has claimed yet, with its old links going.
 */
describe("administration: the roll and existing accounts' e-mail addresses", () => {
  const { ctx, roll, get, post, admin, userById, importLines, tokensOf } = useRollAccountsApp();

  it("refuses the reviewer's row (a verified student's id with another address) in the preview and the import, and changes nothing", async () => {
    const cookie = await admin();
    const { user } = await createStudent(
      ctx.db,
      // Matched by an earlier roll: the id is the institute's word (a typed one is released instead, decision 0015).
      { studentId: '12230120', name: 'Meera Iyer', email: `meera.iyer@${D}`, studentIdSource: 'roll' },
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
    const body = preview.json() as {
      digest: string;
      totals: object;
      rows: ListedRow[];
      refusals: { rows: ListedRow[] }[];
    };
    body.rows = previewRows(body);
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
    expect(imported.json().refusedRows.map((row: ListedRow) => [row.row, row.reasons])).toEqual([
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
      studentIdSource: 'roll',
    });
    // The state the old import left behind: a password, an onboarded profile, the address unproven.
    const { user: unproven } = await createStudent(
      ctx.db,
      {
        studentId: '12230122',
        name: 'Nikhil Rao',
        email: `nikhil.rao@${D}`,
        emailVerifiedAt: null,
        studentIdSource: 'admin',
      },
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
    const preview = (await roll.preview(file, cookie)).json() as {
      totals: object;
      rows: ListedRow[];
      refusals: { rows: ListedRow[] }[];
    };
    preview.rows = previewRows(preview);
    expect(preview.totals).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 0, refused: 2 });
    expect(preview.rows.map((row) => [row.row, row.outcome, row.reasons])).toEqual([
      [2, 'refused', [EMAIL_PROVEN]],
      [3, 'refused', [EMAIL_PROVEN]],
    ]);
    expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 0, updated: 0 });
    expect(await userById(google.id)).toEqual(google);
    expect(await userById(unproven.id)).toEqual(unproven);
  });

  it('refuses in the database too a plan that would readdress or take over a proven account: 409, nothing written', async () => {
    const { user } = await createStudent(
      ctx.db,
      { studentId: '12270001', name: 'Guarded One', email: `guarded.one@${D}`, studentIdSource: 'roll' },
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
      cgpa: null,
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
