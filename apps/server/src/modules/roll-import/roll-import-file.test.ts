import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createOrgUnit, createStudent, createUser } from '../../../test/factories';
import { ROLL_HEADER, rollClient } from '../../../test/roll-files';
import { rollRecordsOf, TWO_STUDENT_ROLL } from '../../../test/roll-accounts';

// Typed by hand from issue 13.
const FILE_MISSING = 'Choose a CSV file of the student roll to upload.';
const FILE_EMPTY = 'The file is empty.';
const FILE_TYPE =
  'The file must be a CSV file (comma-separated text). Save the spreadsheet as "CSV UTF-8" and upload that.';
const FILE_ENCODING = 'The file is not UTF-8 text. Save the spreadsheet as "CSV UTF-8" and upload that.';
const TOO_LARGE = 'The file is larger than 10 MB. Split the roll into smaller files.';
const NO_ROWS = 'The file has no student rows below its header line.';
const MISSING_COLUMNS =
  'The first line must name the columns. Missing: Discipline, Admission year. Expected: Student ID, Name, Email, Program, Discipline, Admission year, and optionally CGPA.';
const REPEATED_COLUMN = 'The column "E-mail" appears more than once in the first line.';
const UNREADABLE = 'The file is not valid CSV: check line 3 (a quote may be left open).';

describe('administration: CSV import of the student roll', () => {
  const ctx = useTestApp();
  const roll = rollClient(ctx);
  const { admin, counts } = rollRecordsOf(ctx);
  const good = TWO_STUDENT_ROLL;

  describe('access', () => {
    it('asks a signed-out visitor to sign in and refuses every other role, writing nothing', async () => {
      const before = await counts();
      expect((await roll.preview(good)).statusCode).toBe(401);
      expect((await roll.commit(good)).statusCode).toBe(401);
      const coordinator = await createUser(ctx.db, {
        role: 'CLUB_COORDINATOR',
        clubUnitId: (await createOrgUnit(ctx.db)).id,
      });
      for (const user of [
        await createUser(ctx.db, { role: 'PRESIDENT' }),
        (await createStudent(ctx.db)).user,
        coordinator,
      ]) {
        const cookie = await signInAs(ctx, user);
        for (const answer of [await roll.preview(good, cookie), await roll.commit(good, cookie)]) {
          expect(answer.statusCode).toBe(403);
          expect(answer.json().error.code).toBe('FORBIDDEN');
        }
      }
      const after = await counts();
      expect(after.users - before.users).toBe(3);
      expect(after.audit).toBe(before.audit);
    });
  });

  describe('the file', () => {
    it('refuses a request without a file, an empty file, a workbook, another type, non-UTF-8 text and a file over 10 MB', async () => {
      const cookie = await admin();
      const expectRefusal = async (
        answer: Awaited<ReturnType<typeof roll.preview>>,
        status: number,
        message: string,
      ) => {
        expect(answer.statusCode).toBe(status);
        expect(answer.json().error.message).toBe(message);
      };
      await expectRefusal(
        await roll.send('/api/admin/imports/preview', [{ name: 'digest', data: 'x' }], cookie),
        400,
        FILE_MISSING,
      );
      await expectRefusal(
        await roll.send(
          '/api/admin/imports/preview',
          [{ name: 'other', filename: 'roll.csv', data: good }],
          cookie,
        ),
        400,
        FILE_MISSING,
      );
      await expectRefusal(await roll.preview('', cookie), 400, FILE_EMPTY);
      await expectRefusal(await roll.preview(' \n\n  \n', cookie), 400, FILE_EMPTY);
      await expectRefusal(
        await roll.preview(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), cookie, 'roll.xlsx'),
        400,
        FILE_TYPE,
      );
      await expectRefusal(
        await roll.preview(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), cookie, 'roll.csv'),
        400,
        FILE_TYPE,
      );
      await expectRefusal(await roll.preview(good, cookie, 'roll.pdf'), 400, FILE_TYPE);
      await expectRefusal(
        await roll.preview(
          Buffer.from(`${ROLL_HEADER}\n1,Jos\xe9,a@b.c,B.Tech,Physics,2024\n`, 'latin1'),
          cookie,
        ),
        400,
        FILE_ENCODING,
      );
      const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
      await expectRefusal(await roll.preview(huge, cookie), 413, TOO_LARGE);
      await expectRefusal(await roll.commit(huge, cookie), 413, TOO_LARGE);
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/imports/preview',
        payload: { file: good },
        headers: { origin: 'http://localhost:3000', cookie },
      });
      await expectRefusal(answer, 400, FILE_MISSING);
    });

    it('refuses a file without its columns, with a column twice, without rows, or with an open quote', async () => {
      const cookie = await admin();
      const refused = async (text: string, message: string) => {
        const answer = await roll.preview(text, cookie);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error).toMatchObject({ message, fields: { file: message } });
      };
      await refused('Student ID,Name,Email,Program\n1,A,a@iitbhilai.ac.in,B.Tech\n', MISSING_COLUMNS);
      await refused(`${ROLL_HEADER},E-mail\n`, REPEATED_COLUMN);
      await refused(`${ROLL_HEADER}\n\n,,,,,\n`, NO_ROWS);
      await refused(
        `${ROLL_HEADER}\n1,Asha,asha@iitbhilai.ac.in,B.Tech,Physics,2024\n2,"Open,a@iitbhilai.ac.in,B.Tech,Physics,2024\n3,x,y,z,w,v\n`,
        UNREADABLE,
      );
    });
  });
});
