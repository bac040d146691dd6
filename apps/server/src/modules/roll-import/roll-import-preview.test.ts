import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentProfiles, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { rollClient, rollCsv, sha256 } from '../../../test/roll-files';
import { rollRecordsOf, TWO_STUDENT_ROLL } from '../../../test/roll-accounts';

const DIGEST_MISSING = 'Preview the file before importing it.';
const DIGEST_MISMATCH = 'This file is not the one you previewed. Preview it again before importing.';
const DOMAIN = 'iitbhilai.ac.in';

describe('administration: CSV import of the student roll', () => {
  const ctx = useTestApp();
  const roll = rollClient(ctx);
  const { admin, counts } = rollRecordsOf(ctx);
  const good = TWO_STUDENT_ROLL;

  describe('preview and import', () => {
    it('previews a good file without writing, then imports it as claimable, onboarded students with one audit line', async () => {
      const cookie = await admin();
      const before = await counts();
      const preview = await roll.preview(good, cookie, 'batch-2024.csv');
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      expect(body).toMatchObject({
        fileName: 'batch-2024.csv',
        digest: sha256(good),
        totals: { rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 },
        ignoredColumns: [],
      });
      expect(body.rows).toEqual([
        {
          row: 2,
          outcome: 'new',
          studentId: '24110001',
          name: 'Asha Verma',
          email: 'asha.verma@iitbhilai.ac.in',
          program: 'B.Tech',
          discipline: 'Computer Science & Engineering',
          admissionYear: '2024',
          cgpa: '',
          reasons: [],
          changes: [],
        },
        {
          row: 3,
          outcome: 'new',
          studentId: '24110002',
          name: 'Rahul Nair',
          email: 'Rahul.Nair@IITBhilai.ac.in',
          program: 'mtech',
          discipline: 'electrical engineering',
          admissionYear: '2023',
          cgpa: '',
          reasons: [],
          changes: [],
        },
      ]);
      expect(await counts()).toEqual(before);

      const imported = await roll.commit(good, cookie, body.digest, 'batch-2024.csv');
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toEqual({
        fileName: 'batch-2024.csv',
        digest: sha256(good),
        totals: { rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 },
        created: 2,
        updated: 0,
        refusedRows: [],
      });
      const after = await counts();
      expect(after.users - before.users).toBe(2);
      expect(after.profiles - before.profiles).toBe(2);
      expect(after.audit - before.audit).toBe(1);

      const [rahul] = await ctx.db.select().from(users).where(eq(users.studentId, '24110002'));
      expect(rahul).toMatchObject({
        email: 'rahul.nair@iitbhilai.ac.in',
        username: 'rahul.nair',
        name: 'Rahul Nair',
        role: 'STUDENT',
        passwordHash: null,
        googleSubject: null,
        emailVerifiedAt: null,
        onboardingComplete: true,
        deactivatedAt: null,
      });
      expect(rahul!.importedAt).toBeInstanceOf(Date);
      const [profile] = await ctx.db
        .select()
        .from(studentProfiles)
        .where(eq(studentProfiles.userId, rahul!.id));
      expect(profile).toMatchObject({
        program: 'M.Tech',
        branch: 'Electrical Engineering',
        batchYear: 2023,
        phone: null,
      });
      const [line] = await ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'import'));
      expect(line).toMatchObject({
        action: 'create',
        subjectType: 'users',
        actorName: 'Roll Admin',
        summary: 'Imported 2 new and 0 changed students from batch-2024.csv',
      });

      // The same file again changes nothing and writes no audit line.
      const again = await roll.preview(good, cookie);
      expect(again.json().totals).toEqual({ rows: 2, new: 0, changed: 0, unchanged: 2, refused: 0 });
      const twice = await roll.commit(good, cookie);
      expect(twice.json()).toMatchObject({ created: 0, updated: 0 });
      expect((await counts()).audit).toBe(after.audit);
    });

    it('lists the changes an import makes to existing students, old and new, and writes them', async () => {
      const cookie = await admin();
      const { user } = await createStudent(
        ctx.db,
        { studentId: '24120001', name: 'Kiran Rao', email: `kiran.rao@${DOMAIN}` },
        { program: 'B.Tech', branch: 'Physics', batchYear: 2022 },
      );
      const file = rollCsv([
        {
          studentId: '24120001',
          name: 'Kiran S. Rao',
          email: `kiran.rao@${DOMAIN}`,
          program: 'MSc',
          discipline: 'Physics',
          year: 2023,
        },
      ]);
      const preview = (await roll.preview(file, cookie)).json();
      expect(preview.totals).toEqual({ rows: 1, new: 0, changed: 1, unchanged: 0, refused: 0 });
      expect(preview.rows[0].changes).toEqual([
        { field: 'name', before: 'Kiran Rao', after: 'Kiran S. Rao' },
        { field: 'program', before: 'B.Tech', after: 'MSc' },
        { field: 'admissionYear', before: '2022', after: '2023' },
      ]);
      const imported = await roll.commit(file, cookie, preview.digest);
      expect(imported.json()).toMatchObject({ created: 0, updated: 1 });
      const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      // A claimed account keeps its credential and its proven address; it is not made an imported one.
      // The roll's name is the official one; the name the student chose to be shown by stays theirs.
      expect(row).toMatchObject({
        name: 'Kiran Rao',
        officialName: 'Kiran S. Rao',
        studentIdSource: 'roll',
        importedAt: null,
        passwordHash: user.passwordHash,
      });
      expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
      const [profile] = await ctx.db
        .select()
        .from(studentProfiles)
        .where(eq(studentProfiles.userId, user.id));
      expect(profile).toMatchObject({
        program: 'MSc',
        branch: 'Physics',
        batchYear: 2023,
        hostel: 'MSH',
      });
    });

    it('names the first 20 ignored columns, each cut to 100 characters, and counts the rest', async () => {
      const cookie = await admin();
      const extra = Array.from({ length: 30_000 }, (_, n) => (n === 0 ? 'x'.repeat(500) : `Extra ${n}`));
      const text = rollCsv(
        [
          {
            studentId: '24130101',
            name: 'Ira Menon',
            email: `ira.menon@${DOMAIN}`,
            program: 'B.Tech',
            discipline: 'Chemistry',
            year: 2024,
          },
        ],
        { header: `Student ID,Name,Email,Program,Discipline,Admission year,${extra.join(',')}` },
      );
      const preview = await roll.preview(Buffer.from(text), cookie);
      expect(preview.statusCode).toBe(200);
      const { ignoredColumns } = preview.json();
      expect(ignoredColumns).toHaveLength(21);
      expect(ignoredColumns[0]).toBe(`${'x'.repeat(100)}…`);
      expect(ignoredColumns[19]).toBe('Extra 19');
      expect(ignoredColumns[20]).toBe('and 29,980 more');
    });

    it('reads a file with a byte-order mark, Windows line ends, other header spellings and ignored columns', async () => {
      const cookie = await admin();
      const text = rollCsv(
        [
          {
            studentId: '24130001',
            name: 'Neha Singh',
            email: `neha.singh@${DOMAIN}`,
            program: 'PhD',
            discipline: 'Chemistry',
            year: 2022,
          },
          {
            studentId: '24130002',
            name: 'Vikram Das',
            email: `vikram.das@${DOMAIN}`,
            program: 'B.Tech',
            discipline: 'Civil Engineering',
            year: 2024,
          },
        ],
        { header: 'student_id,FULL NAME,E-Mail,Programme,Branch,Batch,Hostel', eol: '\r\n' },
      );
      const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
      const preview = await roll.preview(file, cookie);
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      expect(body.totals).toEqual({ rows: 2, new: 2, changed: 0, unchanged: 0, refused: 0 });
      expect(body.ignoredColumns).toEqual(['Hostel']);
      expect(
        body.rows.map((row: { row: number; studentId: string; admissionYear: string }) => [
          row.row,
          row.studentId,
          row.admissionYear,
        ]),
      ).toEqual([
        [2, '24130001', '2022'],
        [3, '24130002', '2024'],
      ]);
      expect((await roll.commit(file, cookie, body.digest)).json()).toMatchObject({ created: 2 });
      const [neha] = await ctx.db
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.studentId, '24130001'));
      expect(neha).toEqual({ name: 'Neha Singh', email: `neha.singh@${DOMAIN}` });
    });

    it('refuses an import without the digest of its preview, or of another file, writing nothing', async () => {
      const cookie = await admin();
      const file = rollCsv([{ studentId: '24140001', name: 'Ira Menon', email: `ira.menon@${DOMAIN}` }]);
      const before = await counts();
      const noDigest = await roll.send('/api/admin/imports', [roll.filePart(file)], cookie);
      expect(noDigest.statusCode).toBe(400);
      expect(noDigest.json().error).toMatchObject({
        message: DIGEST_MISSING,
        fields: { digest: DIGEST_MISSING },
      });
      const badDigest = await roll.commit(file, cookie, 'not-a-digest');
      expect(badDigest.statusCode).toBe(400);
      const other = await roll.commit(file, cookie, sha256(`${file}\n`));
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(DIGEST_MISMATCH);
      expect(await counts()).toEqual(before);
      expect(await ctx.db.select().from(users).where(eq(users.studentId, '24140001'))).toHaveLength(0);
    });

    it('gives imported students usernames as registration does, unique against existing ones and each other', async () => {
      const cookie = await admin();
      await createUser(ctx.db, { email: `dev.patel.one@${DOMAIN}`, username: 'dev.patel' });
      await createUser(ctx.db, { email: `dev.patel.two@${DOMAIN}`, username: 'dev.patel2' });
      const file = rollCsv([
        { studentId: '24150001', name: 'Dev Patel', email: `Dev.Patel@${DOMAIN}` },
        { studentId: '24150002', name: 'Dev Patel', email: `dev.patel3@${DOMAIN}` },
        { studentId: '24150003', name: 'Dev Patel', email: `dev_patel@${DOMAIN}` },
      ]);
      expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 3 });
      const rows = await ctx.db
        .select({ studentId: users.studentId, username: users.username })
        .from(users)
        .where(sql`${users.studentId} like '2415000%'`);
      expect(Object.fromEntries(rows.map((row) => [row.studentId, row.username]))).toEqual({
        '24150001': 'dev.patel3',
        '24150002': 'dev.patel32',
        '24150003': 'dev_patel',
      });
    });
  });
});
