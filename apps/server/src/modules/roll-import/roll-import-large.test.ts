import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DISCIPLINES, PROGRAMS } from '@cosa/contracts';
import { rowsOf } from '../../db/rows';
import { auditLog } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent, createUser } from '../../../test/factories';
import { ROLL_HEADER, rollClient } from '../../../test/roll-files';

const ROWS = 20_000;

/** A roll of `count` students with ids from 26000000; every thousandth name has a comma, so it is quoted. */
function largeRoll(count: number): string {
  const lines = [ROLL_HEADER];
  for (let index = 0; index < count; index += 1) {
    const name = index % 1000 === 0 ? `"Student, Number ${index}"` : `Student Number ${index}`;
    lines.push(
      `${26_000_000 + index},${name},student.${index}@iitbhilai.ac.in,${PROGRAMS[index % 4]},${DISCIPLINES[index % DISCIPLINES.length]},${2016 + (index % 10)}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

// Time is measured by the benchmark script, not asserted here (design section 7).
describe('administration: importing a roll of 20,000 students', { timeout: 180_000 }, () => {
  const ctx = useTestApp();
  const roll = rollClient(ctx);

  it('previews and imports every row in one go, with unique usernames and a profile each', async () => {
    const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    // Two accounts already on the roll: one unchanged, one whose name changes.
    await createStudent(
      ctx.db,
      { studentId: '26000001', email: 'student.1@iitbhilai.ac.in', name: 'Student Number 1' },
      { program: PROGRAMS[1], branch: DISCIPLINES[1], batchYear: 2017 },
    );
    await createStudent(
      ctx.db,
      { studentId: '26000002', email: 'student.2@iitbhilai.ac.in', name: 'Old Name' },
      { program: PROGRAMS[2], branch: DISCIPLINES[2], batchYear: 2018 },
    );
    const file = largeRoll(ROWS);

    const preview = await roll.preview(file, cookie);
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.totals).toEqual({ rows: 20_000, new: 19_998, changed: 1, unchanged: 1, refused: 0 });
    // The list is capped at 500 rows of each outcome.
    expect(body.rows).toHaveLength(502);

    const imported = await roll.commit(file, cookie, body.digest);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ created: 19_998, updated: 1, refusedRows: [] });

    const [counted] = rowsOf<{
      students: number;
      profiles: number;
      usernames: number;
      imported: number;
    }>(
      await ctx.db.execute(sql`select
        (select count(*)::int from users where student_id like '26%') as students,
        (select count(*)::int from student_profiles p join users u on u.id = p.user_id where u.student_id like '26%') as profiles,
        (select count(distinct username)::int from users where student_id like '26%') as usernames,
        (select count(*)::int from users where student_id like '26%' and imported_at is not null and onboarding_complete) as imported`),
    );
    expect(counted).toEqual({ students: 20_000, profiles: 20_000, usernames: 20_000, imported: 19_998 });
    const [quoted] = rowsOf<{ name: string }>(
      await ctx.db.execute(sql`select name from users where student_id = '26001000'`),
    );
    expect(quoted!.name).toBe('Student, Number 1000');

    // The audit line names the first 1,000 new students and counts the rest; the changed one in full.
    const [line] = await ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'import'));
    const after = line!.after as {
      newStudentIds: string[];
      newStudentIdsNotListed: number;
      changedAccounts: object[];
      changedAccountsNotListed: number;
    };
    expect(after.newStudentIds).toHaveLength(1_000);
    expect(after.newStudentIds.slice(0, 3)).toEqual(['26000000', '26000003', '26000004']);
    expect(after.newStudentIdsNotListed).toBe(18_998);
    expect(after.changedAccounts).toEqual([
      {
        userId: expect.any(String),
        studentId: '26000002',
        changes: [{ field: 'name', before: 'Old Name', after: 'Student Number 2' }],
      },
    ]);
    expect(after.changedAccountsNotListed).toBe(0);
  });
});
