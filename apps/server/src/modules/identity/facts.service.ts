import { and, eq, ne, sql } from 'drizzle-orm';
import {
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  instituteCgpaText,
  type InstituteFact,
  type InstituteFacts,
  type StudentIdSource,
} from '@cosa/contracts';
import { auditIdentityChange } from '../../db/audit';
import type { Database } from '../../db/client';
import { studentProfiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

type Reader = Pick<Database, 'select'>;

/** A student id typed by its student is only their word; the roll's, or the administrator's, is the institute's. */
export const isProvenSource = (source: string | null | undefined): boolean =>
  source === 'roll' || source === 'admin';

/** The facts the institute keeps about a user, as text for comparison and display. */
export async function readFacts(db: Reader, userId: string): Promise<InstituteFacts | null> {
  const [row] = await db
    .select({
      officialName: users.officialName,
      name: users.name,
      studentId: users.studentId,
      studentIdSource: users.studentIdSource,
      program: studentProfiles.program,
      discipline: studentProfiles.branch,
      admissionYear: studentProfiles.batchYear,
      cgpa: studentProfiles.instituteCgpa,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    officialName: row.officialName ?? row.name,
    studentId: row.studentId,
    studentIdSource:
      row.studentId === null ? null : ((row.studentIdSource ?? 'self') as StudentIdSource),
    program: row.program,
    discipline: row.discipline,
    admissionYear: row.admissionYear,
    cgpa: row.cgpa,
  };
}

/** A fact's value as text, as the correction requests and the audit log keep it (a CGPA with two decimals). */
export function factText(facts: InstituteFacts, field: InstituteFact): string | null {
  const value = facts[field];
  if (value === null || value === undefined) return null;
  return field === 'cgpa' ? instituteCgpaText(Number(value)) : String(value);
}

/**
 * Sets one fact the institute keeps, in the caller's transaction, with an audit line naming the
 * actor and the value before and after. A student id set this way is proven (the administrator's);
 * 409 when another account holds it.
 */
export async function setFact(
  tx: Database,
  actorId: string,
  userId: string,
  field: InstituteFact,
  value: string,
): Promise<void> {
  const before = await readFacts(tx, userId);
  if (!before) throw AppError.notFound();
  if (field === 'officialName') {
    await tx.update(users).set({ officialName: value }).where(eq(users.id, userId));
  } else if (field === 'studentId') {
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.studentId, value), ne(users.id, userId)))
      .limit(1);
    if (holder) throw AppError.conflict(IDENTITY_MESSAGES.studentIdTakenOnApproval);
    await tx
      .update(users)
      // Every account with a student id has an official name: the name it had, where none was fixed.
      .set({
        studentId: value,
        studentIdSource: 'admin',
        officialName: sql`coalesce(${users.officialName}, ${users.name})`,
      })
      .where(eq(users.id, userId));
  } else {
    const column = {
      program: 'program',
      discipline: 'branch',
      admissionYear: 'batch_year',
      cgpa: 'institute_cgpa',
    }[field];
    const typed =
      field === 'admissionYear'
        ? sql`${Number(value)}::int`
        : field === 'cgpa'
          ? sql`${value}::numeric`
          : sql`${value}`;
    await tx.execute(sql`
      insert into student_profiles (user_id, ${sql.identifier(column)}) values (${userId}, ${typed})
      on conflict (user_id) do update set ${sql.identifier(column)} = excluded.${sql.identifier(column)}, updated_at = now()`);
  }
  const [label] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  await auditIdentityChange(tx, {
    actorId,
    userId,
    label: label?.name ?? '',
    summary: `${INSTITUTE_FACT_LABELS[field]} changed`,
    before: { [field]: factText(before, field) },
    after: { [field]: value },
  });
}
