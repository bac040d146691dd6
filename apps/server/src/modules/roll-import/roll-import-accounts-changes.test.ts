import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailVerificationTokens, studentProfiles, users } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';
import { createPasswordResetToken, createStudent, createUser } from '../../../test/factories';
import { rollCsv, sha256 } from '../../../test/roll-files';
import { useRollAccountsApp, type ListedRow } from '../../../test/roll-accounts';

const LINK_INVALID = 'This reset link is invalid. Please request a new one.';
const D = 'iitbhilai.ac.in';
const LINK = /\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/;

/**
 * What a roll may do to an account that already exists: never move the address of an account
 * whose student proved it or signs in with it, never "change" an account to what it already is,
 * and correct the address of an account nobody has claimed yet, with its old links going.
 */
describe("administration: the roll and existing accounts' e-mail addresses", () => {
  const { ctx, sent, roll, get, post, admin, userById, importLines, tokensOf } = useRollAccountsApp();

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

    const preview = (await roll.preview(file, cookie)).json() as { totals: object; rows: ListedRow[] };
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
    const preview = (await roll.preview(corrected, cookie)).json() as {
      totals: object;
      rows: ListedRow[];
    };
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
});
