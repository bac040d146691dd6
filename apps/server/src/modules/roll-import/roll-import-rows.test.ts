import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, studentProfiles, users } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createSession, createStudent, createUser } from '../../../test/factories';
import { previewRows, ROLL_HEADER, rollClient } from '../../../test/roll-files';

// Typed by hand from issue 13.
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const M = {
  nameMissing: 'Name is missing.',
  nameInvalid: 'Name must be one line of at most 120 visible characters.',
  studentIdMissing: 'Student ID is missing.',
  studentIdDigits: 'Student ID must be digits only (at most 20).',
  emailMissing: 'Email is missing.',
  emailMalformed: 'Email is not a valid e-mail address.',
  emailDomain: 'Email must be an @iitbhilai.ac.in address.',
  program: 'Program must be one of: B.Tech, M.Tech, MSc, PhD, Other.',
  discipline: "Discipline is not one of the institute's disciplines.",
  year: `Admission year must be a year from 2016 to ${NEXT_YEAR}.`,
  otherAccount: 'This email belongs to another account (with another Student ID).',
  emailProven:
    "This Student ID's account has another e-mail address, which its student has proven or signs in with; the roll never changes it. Correct the file's e-mail, or leave the row out.",
  notStudent:
    "This Student ID or email belongs to an account that is not a student's; change that account in Users and roles.",
};
const D = 'iitbhilai.ac.in';
const CSE = 'Computer Science & Engineering';

type Listed = {
  row: number;
  outcome: string;
  studentId: string;
  reasons: string[];
  changes: { field: string; before: string | null; after: string }[];
};

describe('administration: the rows a roll import refuses', () => {
  const ctx = useTestApp();
  const roll = rollClient(ctx);
  const admin = async () => signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));

  it('refuses each kind of bad row with its reasons, imports the good rows, and lists the refused ones', async () => {
    const cookie = await admin();
    await createStudent(ctx.db, {
      studentId: '25000900',
      email: `taken.one@${D}`,
      studentIdSource: 'roll',
    });
    await createStudent(ctx.db, {
      studentId: '25000901',
      email: `taken.two@${D}`,
      studentIdSource: 'roll',
    });
    await createUser(ctx.db, { role: 'PRESIDENT', email: `president.roll@${D}` });
    const lines = [
      ROLL_HEADER,
      `25000001,Good One,good.one@${D},B.Tech,${CSE},2024`, // 2
      `25000002,Bad Domain,bad.domain@gmail.com,B.Tech,${CSE},2024`, // 3
      `25000003,Bad Shape,not-an-email,B.Tech,${CSE},2024`, // 4
      `25000004,Twin A,twin.a@${D},B.Tech,${CSE},2024`, // 5
      `25000004,Twin B,twin.b@${D},B.Tech,${CSE},2024`, // 6
      `25000005,Same Mail A,same.mail@${D},B.Tech,${CSE},2024`, // 7
      `25000006,Same Mail B,SAME.MAIL@${D},B.Tech,${CSE},2024`, // 8
      `25000007,Other Account,taken.one@${D},B.Tech,${CSE},2024`, // 9
      `25000900,Mixed Up,taken.two@${D},B.Tech,${CSE},2024`, // 10
      `24A0008,Letters In Id,letters@${D},B.Tech,${CSE},2024`, // 11
      `25000009,Too Early,too.early@${D},B.Tech,${CSE},2015`, // 12
      `25000010,Too Late,too.late@${D},B.Tech,${CSE},${NEXT_YEAR + 1}`, // 13
      `25000011,Not A Year,not.a.year@${D},B.Tech,${CSE},twenty`, // 14
      `25000012,Odd Program,odd.program@${D},BSc,${CSE},2024`, // 15
      `25000013,Odd Discipline,odd.discipline@${D},B.Tech,Astrology,2024`, // 16
      `25000014,,no.name@${D},B.Tech,${CSE},2024`, // 17
      `25000015,President,president.roll@${D},B.Tech,${CSE},2024`, // 18
      `,,,,,`, // 19: blank, skipped
      `,Nothing Much,,,,`, // 20
      `25000016,"Two\u0007Bells",bells@${D},B.Tech,${CSE},2024`, // 21
      `25000017,Good Two,good.two@${D},msc,physics,${NEXT_YEAR}`, // 22
    ];
    const file = `${lines.join('\n')}\n`;
    const preview = await roll.preview(file, cookie);
    expect(preview.statusCode).toBe(200);
    const body = preview.json() as { totals: object; rows: Listed[]; refusals: { rows: Listed[] }[] };
    body.rows = previewRows(body);
    expect(body.totals).toEqual({ rows: 20, new: 2, changed: 0, unchanged: 0, refused: 18 });
    const reasons = Object.fromEntries(body.rows.map((row) => [row.row, row.reasons]));
    expect(reasons).toEqual({
      2: [],
      3: [M.emailDomain],
      4: [M.emailMalformed],
      5: ['The same Student ID is on rows 5, 6 of the file.'],
      6: ['The same Student ID is on rows 5, 6 of the file.'],
      7: ['The same email is on rows 7, 8 of the file.'],
      8: ['The same email is on rows 7, 8 of the file.'],
      9: [M.otherAccount],
      10: [M.otherAccount],
      11: [M.studentIdDigits],
      12: [M.year],
      13: [M.year],
      14: [M.year],
      15: [M.program],
      16: [M.discipline],
      17: [M.nameMissing],
      18: [M.notStudent],
      20: [M.studentIdMissing, M.emailMissing, M.program, M.discipline, M.year],
      21: [M.nameInvalid],
      22: [],
    });
    // In file order; the blank line 19 is no row.
    expect(body.rows.map((row) => row.row)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22,
    ]);

    const imported = await roll.commit(file, cookie);
    expect(imported.statusCode).toBe(200);
    const result = imported.json();
    expect(result).toMatchObject({ created: 2, updated: 0, totals: { refused: 18 } });
    expect(result.refusedRows.map((row: Listed) => row.row)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21,
    ]);
    const written = await ctx.db
      .select({ studentId: users.studentId })
      .from(users)
      .where(sql`${users.studentId} like '250000%'`);
    expect(written.map((row) => row.studentId).sort()).toEqual(['25000001', '25000017']);
    const [two] = await ctx.db
      .select()
      .from(studentProfiles)
      .innerJoin(users, eq(users.id, studentProfiles.userId))
      .where(eq(users.studentId, '25000017'));
    expect(two!.student_profiles).toMatchObject({
      program: 'MSc',
      branch: 'Physics',
      batchYear: NEXT_YEAR,
    });
  });

  it('refuses a name over 120 characters and lists every reason of a row', async () => {
    const cookie = await admin();
    const file = `${ROLL_HEADER}\n12x,${'N'.repeat(121)},x@gmail.com,Diploma,Art,1999\n`;
    const row = previewRows((await roll.preview(file, cookie)).json())[0] as Listed;
    expect(row.reasons).toEqual([
      M.nameInvalid,
      M.studentIdDigits,
      M.emailDomain,
      M.program,
      M.discipline,
      M.year,
    ]);
  });

  it('numbers rows as a spreadsheet does: a cell holding a line break and a blank line are one row each', async () => {
    const cookie = await admin();
    // Row 2 holds a name with a line break (one spreadsheet row, two lines of text); row 3 is blank.
    const file = [
      ROLL_HEADER,
      '24010001,"Asha\nRao",asha.rao@iitbhilai.ac.in,Diploma,Physics,2024',
      '',
      '24010002,Bala Iyer,bala.iyer@iitbhilai.ac.in,Diploma,Physics,2024',
      '24010003,Chitra Nair,chitra.nair@iitbhilai.ac.in,Diploma,Physics,2024',
    ].join('\n');
    const rows = previewRows((await roll.preview(file, cookie)).json()) as Listed[];
    expect(rows.map((row) => row.row)).toEqual([2, 4, 5]);
  });

  it("takes a student id back from an unproven registration, and takes over an unproven registration of the row's e-mail", async () => {
    const cookie = await admin();
    // Someone registered with this student id and an address they never proved.
    const squatter = await createUser(ctx.db, {
      studentId: '25100001',
      email: `squatter@${D}`,
      emailVerifiedAt: null,
    });
    // Someone registered with this address (its owner or not) and never proved it.
    const unproven = await createUser(ctx.db, {
      studentId: '25199999',
      email: `owner.b@${D}`,
      emailVerifiedAt: null,
      name: 'Typed Name',
    });
    const unprovenSession = await createSession(ctx.db, { userId: unproven.id });
    // A proven account (its id matched by an earlier roll) keeps its student id, and its address.
    const { user: provenC } = await createStudent(ctx.db, {
      studentId: '25100003',
      email: `proven.c@${D}`,
      studentIdSource: 'roll',
    });
    const file = [
      ROLL_HEADER,
      `25100001,Owner A,owner.a@${D},B.Tech,${CSE},2024`,
      `25100002,Owner B,owner.b@${D},B.Tech,Physics,2024`,
      `25100003,Owner C,owner.c@${D},B.Tech,Physics,2024`,
    ].join('\n');
    const preview = (await roll.preview(file, cookie)).json() as {
      totals: object;
      rows: Listed[];
      refusals: { rows: Listed[] }[];
    };
    preview.rows = previewRows(preview);
    expect(preview.totals).toEqual({ rows: 3, new: 1, changed: 1, unchanged: 0, refused: 1 });
    const byRow = Object.fromEntries(preview.rows.map((row) => [row.row, row]));
    expect(byRow[2]).toMatchObject({ outcome: 'new', reasons: [] });
    expect(byRow[3]).toMatchObject({
      outcome: 'changed',
      changes: [
        { field: 'studentId', before: '25199999', after: '25100002' },
        { field: 'name', before: 'Typed Name', after: 'Owner B' },
        { field: 'program', before: null, after: 'B.Tech' },
        { field: 'discipline', before: null, after: 'Physics' },
        { field: 'admissionYear', before: null, after: '2024' },
      ],
    });
    // The roll never gives a proven account another address.
    expect(byRow[4]).toMatchObject({ outcome: 'refused', reasons: [M.emailProven], changes: [] });

    expect((await roll.commit(file, cookie)).json()).toMatchObject({ created: 1, updated: 1 });
    const [released] = await ctx.db.select().from(users).where(eq(users.id, squatter.id));
    expect(released!.studentId).toBeNull();
    const [ownerA] = await ctx.db.select().from(users).where(eq(users.studentId, '25100001'));
    expect(ownerA).toMatchObject({ email: `owner.a@${D}`, passwordHash: null });
    const [takenOver] = await ctx.db.select().from(users).where(eq(users.id, unproven.id));
    expect(takenOver).toMatchObject({
      studentId: '25100002',
      name: 'Owner B',
      passwordHash: null,
      onboardingComplete: true,
      emailVerifiedAt: null,
    });
    expect(takenOver!.importedAt).toBeInstanceOf(Date);
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [unprovenSession.id])),
    ).toHaveLength(0);
    const [ownerC] = await ctx.db.select().from(users).where(eq(users.studentId, '25100003'));
    expect(ownerC).toEqual(provenC);
  });
});
