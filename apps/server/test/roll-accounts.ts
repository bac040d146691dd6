import { eq, sql } from 'drizzle-orm';
import { auditLog, emailVerificationTokens, passwordResetTokens, users } from '../src/db/schema/index';
import { browserOf, signInAs } from './auth-helpers';
import { useTestApp, type TestContext } from './build-test-app';
import { createUser } from './factories';
import { memoryMailer } from './mail-helpers';
import { rollClient, rollCsv } from './roll-files';

/** A roll of two new students, one with a mixed-case address and program and discipline to normalise. */
export const TWO_STUDENT_ROLL = rollCsv([
  {
    studentId: '24110001',
    name: 'Asha Verma',
    email: 'asha.verma@iitbhilai.ac.in',
    program: 'B.Tech',
    discipline: 'Computer Science & Engineering',
    year: 2024,
  },
  {
    studentId: '24110002',
    name: 'Rahul Nair',
    email: 'Rahul.Nair@IITBhilai.ac.in',
    program: 'mtech',
    discipline: 'electrical engineering',
    year: 2023,
  },
]);

/** The administrator who imports rolls, and what an import leaves in the database. */
export function rollRecordsOf(ctx: TestContext) {
  const admin = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Roll Admin' }));
  const counts = async () => {
    const [row] = await ctx.db
      .execute<{ users: number; profiles: number; audit: number }>(
        sql`select
      (select count(*)::int from users) as users, (select count(*)::int from student_profiles) as profiles, (select count(*)::int from audit_log) as audit`,
      )
      .then(
        (result) =>
          (result as unknown as { rows: { users: number; profiles: number; audit: number }[] }).rows,
      );
    return row!;
  };
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
  return { admin, counts, userById, importLines, tokensOf };
}

/** A row of a preview or an import as the tests of existing accounts read it. */
export type ListedRow = {
  row: number;
  outcome: string;
  studentId: string;
  reasons: string[];
  changes: { field: string; before: string | null; after: string }[];
};

/**
 * The app for the tests of a roll meeting existing accounts: its mail kept in `sent`, the roll's
 * requests, a browser's requests and the records an import leaves.
 */
export function useRollAccountsApp() {
  const mailer = memoryMailer();
  const ctx = useTestApp({}, { mailer: () => mailer });
  return {
    ctx,
    sent: mailer.sent,
    roll: rollClient(ctx),
    ...browserOf(ctx),
    ...rollRecordsOf(ctx),
  };
}
