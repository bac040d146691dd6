import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentProfiles, users } from '../../db/schema/index';
import { createStudent } from '../../../test/factories';
import { sha256 } from '../../../test/roll-files';
import { useRollAccountsApp, type ListedRow } from '../../../test/roll-accounts';

// Typed by hand from the import's rules: the CGPA column is optional, 0 to 10, at most two decimals.
const CGPA_INVALID =
  'CGPA must be a number from 0 to 10 with at most two decimals, such as 8.25 (or left blank to keep the CGPA on record).';
const D = 'iitbhilai.ac.in';

type Preview = { totals: object; rows: ListedRow[]; refusals: { reason: string; rows: ListedRow[] }[] };

/**
 * The institute's CGPA from the roll (decision 0015): the optional CGPA column sets it, a blank
 * cell or a file without the column leaves it, a value out of range or with more than two
 * decimals refuses the row, and a change is listed like any other field's and audited.
 */
describe('administration: the CGPA column of the student roll', () => {
  const { ctx, roll, admin, counts } = useRollAccountsApp();
  const cgpaOf = async (studentId: string) => {
    const [row] = await ctx.db
      .select({ cgpa: studentProfiles.instituteCgpa })
      .from(studentProfiles)
      .innerJoin(users, eq(users.id, studentProfiles.userId))
      .where(eq(users.studentId, studentId));
    return row?.cgpa;
  };

  it('gives new students the CGPA of the file, under any of its header spellings, and none for a blank cell', async () => {
    const cookie = await admin();
    for (const [header, prefix] of [
      ['CGPA', '1281'],
      ['gpa', '1282'],
      ['C.P.I.', '1283'],
      ['Cumulative GPA', '1284'],
    ] as const) {
      const file = [
        `Student ID,Name,Email,Program,Discipline,Admission year,${header}`,
        `${prefix}0001,Asha Verma,asha.${prefix}@${D},B.Tech,Physics,2024,8.25`,
        `${prefix}0002,Rahul Nair,rahul.${prefix}@${D},B.Tech,Physics,2024,`,
        `${prefix}0003,Meera Iyer,meera.${prefix}@${D},B.Tech,Physics,2024,10`,
      ].join('\n');
      const preview = (await roll.preview(file, cookie)).json() as Preview & {
        ignoredColumns: string[];
      };
      expect(preview.ignoredColumns).toEqual([]);
      expect(preview.rows.map((row) => [row.row, row.outcome, (row as { cgpa?: string }).cgpa])).toEqual(
        [
          [2, 'new', '8.25'],
          [3, 'new', ''],
          [4, 'new', '10'],
        ],
      );
      expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 3, updated: 0 });
      expect(await cgpaOf(`${prefix}0001`)).toBe(8.25);
      expect(await cgpaOf(`${prefix}0002`)).toBeNull();
      expect(await cgpaOf(`${prefix}0003`)).toBe(10);
    }
  });

  it('lists a changed CGPA like any other field, writes it, audits it, and leaves it for a blank cell or a file without the column', async () => {
    const cookie = await admin();
    const { user: kiran } = await createStudent(
      ctx.db,
      { studentId: '12290001', name: 'Kiran Rao', officialName: 'Kiran Rao', email: `kiran.rao@${D}` },
      // The student typed 9.9 on the profile; the institute's record says 6.00.
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023, cgpa: 9.9, instituteCgpa: 6 },
    );
    const { user: lata } = await createStudent(
      ctx.db,
      { studentId: '12290002', name: 'Lata Das', officialName: 'Lata Das', email: `lata.das@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023, instituteCgpa: 7.5 },
    );
    const file = [
      'Student ID,Name,Email,Program,Discipline,Admission year,CGPA',
      `12290001,Kiran Rao,kiran.rao@${D},B.Tech,Physics,2023,8.5`,
      `12290002,Lata Das,lata.das@${D},B.Tech,Physics,2023,`,
    ].join('\n');
    const preview = (await roll.preview(file, cookie)).json() as Preview;
    expect(preview.totals).toEqual({ rows: 2, new: 0, changed: 1, unchanged: 1, refused: 0 });
    expect(preview.rows.map((row) => [row.row, row.outcome, row.changes])).toEqual([
      [2, 'changed', [{ field: 'cgpa', before: '6.00', after: '8.50' }]],
      [3, 'unchanged', []],
    ]);
    const imported = await roll.commit(file, cookie, sha256(file), 'cgpa.csv');
    expect(imported.json()).toMatchObject({ created: 0, updated: 1 });
    expect(await cgpaOf('12290001')).toBe(8.5);
    expect(await cgpaOf('12290002')).toBe(7.5);
    // The student's own statement stays theirs.
    const [kiranProfile] = await ctx.db
      .select()
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, kiran.id));
    expect(kiranProfile!.cgpa).toBe(9.9);
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.kind, 'import'),
          eq(auditLog.summary, 'Imported 0 new and 1 changed students from cgpa.csv'),
        ),
      );
    expect((line!.after as { changedAccounts: object[] }).changedAccounts).toEqual([
      {
        userId: kiran.id,
        studentId: '12290001',
        changes: [{ field: 'cgpa', before: '6.00', after: '8.50' }],
      },
    ]);

    // A roll without the CGPA column still imports, and the CGPA on record stays.
    const withoutColumn = [
      'Student ID,Name,Email,Program,Discipline,Admission year',
      `12290001,Kiran Rao,kiran.rao@${D},MSc,Physics,2023`,
      `12290002,Lata Das,lata.das@${D},B.Tech,Physics,2023`,
    ].join('\n');
    const again = (await roll.preview(withoutColumn, cookie)).json() as Preview;
    expect(again.rows.map((row) => [row.row, row.outcome, row.changes])).toEqual([
      [2, 'changed', [{ field: 'program', before: 'B.Tech', after: 'MSc' }]],
      [3, 'unchanged', []],
    ]);
    expect((await roll.commit(withoutColumn, cookie)).json()).toMatchObject({ updated: 1 });
    const after = await ctx.db
      .select({ userId: studentProfiles.userId, cgpa: studentProfiles.instituteCgpa })
      .from(studentProfiles)
      .where(inArray(studentProfiles.userId, [kiran.id, lata.id]));
    expect(Object.fromEntries(after.map((row) => [row.userId, row.cgpa]))).toEqual({
      [kiran.id]: 8.5,
      [lata.id]: 7.5,
    });
  });

  it('refuses a row whose CGPA is out of range, has more than two decimals or is not a number, and writes nothing for it', async () => {
    const cookie = await admin();
    await createStudent(
      ctx.db,
      { studentId: '12300001', name: 'Omar Khan', officialName: 'Omar Khan', email: `omar.khan@${D}` },
      { program: 'B.Tech', branch: 'Physics', batchYear: 2023, instituteCgpa: 7 },
    );
    const file = [
      'Student ID,Name,Email,Program,Discipline,Admission year,CGPA',
      `12300001,Omar Khan,omar.khan@${D},B.Tech,Physics,2023,10.5`,
      `12300002,Two Many,two.many@${D},B.Tech,Physics,2024,8.125`,
      `12300003,Not Number,not.number@${D},B.Tech,Physics,2024,eight`,
      `12300004,Below Zero,below.zero@${D},B.Tech,Physics,2024,-1`,
      `12300005,Comma Point,comma.point@${D},B.Tech,Physics,2024,"8,5"`,
      `12300006,Good Row,good.row@${D},B.Tech,Physics,2024,9.75`,
    ].join('\n');
    const before = await counts();
    const preview = (await roll.preview(file, cookie)).json() as Preview;
    expect(preview.totals).toEqual({ rows: 6, new: 1, changed: 0, unchanged: 0, refused: 5 });
    expect(
      preview.refusals.map((refusal) => [refusal.reason, refusal.rows.map((row) => row.row)]),
    ).toEqual([[CGPA_INVALID, [2, 3, 4, 5, 6]]]);
    expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 1, updated: 0 });
    expect((await counts()).users - before.users).toBe(1);
    expect(await cgpaOf('12300001')).toBe(7);
    expect(await cgpaOf('12300006')).toBe(9.75);
    expect(await cgpaOf('12300002')).toBeUndefined();
  });
});
