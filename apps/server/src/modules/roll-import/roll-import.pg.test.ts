import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { rollClient, rollCsv, type RollLine } from '../../../test/roll-files';

// Typed by hand from issue 13.
const BUSY =
  'Another change to student accounts happened during the import, so nothing was imported. Preview the file again and import it.';
const D = 'iitbhilai.ac.in';

const lines = (prefix: string, count: number, from = 0): RollLine[] =>
  Array.from({ length: count }, (_, index) => ({
    studentId: `${prefix}${String(from + index).padStart(4, '0')}`,
    name: `Race Student ${from + index}`,
    email: `race.${prefix}.${from + index}@${D}`,
  }));

/**
 * Imports at the same moment, truly at once on the PostgreSQL server (this file runs only with
 * DATABASE_URL): never two accounts for one student, never half an import.
 */
describe('administration: roll imports at the same moment', () => {
  const ctx = useTestApp();
  const roll = rollClient(ctx);
  const admin = async () => signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
  const countWhere = async (condition: ReturnType<typeof sql>) =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from users where ${condition}`),
    )[0]!.n;

  it('runs two imports of one roll one after the other: the second finds every student there already', async () => {
    const [first, second] = [await admin(), await admin()];
    const file = rollCsv(lines('2810', 400));
    const answers = await Promise.all([roll.commit(file, first), roll.commit(file, second)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().created).sort()).toEqual([0, 400]);
    expect(await countWhere(sql`student_id like '2810%'`)).toBe(400);
    expect(await countWhere(sql`student_id like '2810%' and imported_at is not null`)).toBe(400);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'import'))).toHaveLength(1);
  });

  it('lets overlapping rolls at once make one account per e-mail, the later refusing rows of another student id', async () => {
    const cookie = await admin();
    const a = rollCsv(lines('2820', 300));
    // The same addresses under other student ids, and 100 rows of its own.
    const b = rollCsv([
      ...lines('2820', 300).map((line, index) => ({
        ...line,
        studentId: `2821${String(index).padStart(4, '0')}`,
      })),
      ...lines('2822', 100),
    ]);
    const [answerA, answerB] = await Promise.all([roll.commit(a, cookie), roll.commit(b, cookie)]);
    expect([answerA.statusCode, answerB.statusCode]).toEqual([200, 200]);
    const created = answerA.json().created + answerB.json().created;
    expect(await countWhere(sql`email like 'race.2820.%'`)).toBe(300);
    expect(await countWhere(sql`email like 'race.2822.%'`)).toBe(100);
    expect(created).toBe(400);
  });

  it('never makes two accounts when a student registers while the roll is imported: one of them is refused whole', async () => {
    const cookie = await admin();
    const { post } = browserOf(ctx);
    for (let round = 0; round < 5; round += 1) {
      const roster = lines(`283${round}`, 200);
      const racer = roster[150]!;
      const [imported, registered] = await Promise.all([
        roll.commit(rollCsv(roster), cookie),
        post('/api/auth/register', {
          name: 'Quick Registrant',
          studentId: `2839${round}000`,
          email: racer.email,
          password: 'Register#2025',
        }),
      ]);
      expect(await countWhere(sql`lower(email) = ${racer.email}`)).toBe(1);
      const written = await countWhere(sql`student_id like ${`283${round}%`}`);
      if (imported.statusCode === 200) {
        // Registration was refused (the roll's account was there), or came first and the roll took its unproven account over.
        expect([201, 409]).toContain(registered.statusCode);
        expect(written).toBe(200);
      } else {
        expect(imported.statusCode).toBe(409);
        expect(imported.json().error.message).toBe(BUSY);
        expect(registered.statusCode).toBe(201);
        expect(written).toBe(0);
      }
    }
    const [racerRow] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, lines('2830', 200)[150]!.email));
    expect(racerRow).toBeDefined();
  });
});
