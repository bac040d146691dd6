import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  correctionValueOf,
  correctionValueProblem,
  normalizeRole,
  type Correction,
  type CorrectionDecision,
  type CorrectionRequest,
  type CorrectionStatus,
  type InstituteFact,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { factCorrections, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyPerson } from '../notifications/notify.service';
import { tellAdministratorsOfCorrection } from './administrator-notices';
import { factText, readFacts, setFact } from './facts.service';
import { instituteNameOfPerson } from '../../db/institute-name';

/** The most requests one list shows: open requests are few, decided ones the newest. */
const LIST_LIMIT = 200;

/** A label inside a sentence: 'Program' becomes 'program', an initialism ('CGPA') stays. */
const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

const selection = {
  id: factCorrections.id,
  field: factCorrections.field,
  currentValue: factCorrections.currentValue,
  requestedValue: factCorrections.requestedValue,
  reason: factCorrections.reason,
  status: factCorrections.status,
  decisionReason: factCorrections.decisionReason,
  createdAt: factCorrections.createdAt,
  decidedAt: factCorrections.decidedAt,
  studentId: users.id,
  // The administrator reads the name the institute keeps, not the one the student may change.
  studentName: instituteNameOfPerson(users),
  studentUsername: users.username,
};

type Row = {
  id: string;
  field: string;
  currentValue: string | null;
  requestedValue: string;
  reason: string;
  status: string;
  decisionReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  studentId: string;
  studentName: string;
  studentUsername: string;
};

const toCorrection = (row: Row): Correction => ({
  id: row.id,
  field: row.field as InstituteFact,
  currentValue: row.currentValue,
  requestedValue: row.requestedValue,
  reason: row.reason,
  status: row.status as CorrectionStatus,
  decisionReason: row.decisionReason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  student: { id: row.studentId, name: row.studentName, username: row.studentUsername },
});

/** The signed-in student's own requests, newest first. */
export async function listOwnCorrections(db: Database, userId: string): Promise<Correction[]> {
  const rows = await db
    .select(selection)
    .from(factCorrections)
    .innerJoin(users, eq(users.id, factCorrections.userId))
    .where(eq(factCorrections.userId, userId))
    .orderBy(desc(factCorrections.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toCorrection);
}

/**
 * Files a student's request to correct one fact the institute keeps: 403 for anyone but a
 * student, 400 when the value is the institute's already (or, for the admission year, in the
 * future), 409 while a request for the same field is open. The administrator decides it; every
 * administrator is notified.
 */
export async function fileCorrection(
  db: Database,
  user: { id: string; role: string },
  input: CorrectionRequest,
  now = new Date(),
): Promise<Correction> {
  if (normalizeRole(user.role) !== 'STUDENT') throw AppError.forbidden(IDENTITY_MESSAGES.studentsOnly);
  const problem = correctionValueProblem(input.field, input.value, now);
  if (problem) throw AppError.badRequest(problem, { value: problem });
  const facts = await readFacts(db, user.id);
  if (!facts) throw AppError.unauthenticated();
  const current = factText(facts, input.field);
  // A CGPA is kept with two decimals: '8.5' asks for 8.50, and is the same as 8.50 on record.
  const requested = correctionValueOf(input.field, input.value);
  if (current === requested)
    throw AppError.badRequest(IDENTITY_MESSAGES.valueSame, { value: IDENTITY_MESSAGES.valueSame });
  const request = {
    userId: user.id,
    field: input.field,
    currentValue: current,
    requestedValue: requested,
    reason: input.reason,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(factCorrections)
        .values(request)
        .returning({ id: factCorrections.id });
      await tellAdministratorsOfCorrection(tx, request);
      return row!.id;
    });
    return (await correctionById(db, id))!;
  } catch (error) {
    if (uniqueViolationOf(error) === 'fact_corrections_one_open_key')
      throw AppError.conflict(IDENTITY_MESSAGES.openAlready, { field: IDENTITY_MESSAGES.openAlready });
    throw error;
  }
}

async function correctionById(db: Pick<Database, 'select'>, id: string): Promise<Correction | null> {
  const [row] = await db
    .select(selection)
    .from(factCorrections)
    .innerJoin(users, eq(users.id, factCorrections.userId))
    .where(eq(factCorrections.id, id))
    .limit(1);
  return row ? toCorrection(row) : null;
}

/** The administrator's list: open requests oldest first (first come, first answered), decided ones newest first. */
export async function listCorrections(db: Database, status: CorrectionStatus): Promise<Correction[]> {
  const rows = await db
    .select(selection)
    .from(factCorrections)
    .innerJoin(users, eq(users.id, factCorrections.userId))
    .where(eq(factCorrections.status, status))
    .orderBy(
      status === 'open' ? asc(factCorrections.createdAt) : desc(factCorrections.decidedAt),
      asc(factCorrections.id),
    )
    .limit(LIST_LIMIT);
  return rows.map(toCorrection);
}

/** How many correction requests wait for the administrator's decision (their queue's count in the bell). */
export async function openCorrectionCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(factCorrections)
    .where(eq(factCorrections.status, 'open'));
  return row?.n ?? 0;
}

/**
 * The administrator approves (the fact changes, audited) or declines (with a reason) an open
 * request, in one transaction; the student is notified either way. 404 for an unknown request,
 * 409 when it was decided meanwhile or a Student ID it asks for is another account's.
 */
export async function decideCorrection(
  db: Database,
  adminId: string,
  correctionId: string,
  input: CorrectionDecision,
): Promise<Correction> {
  try {
    await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(factCorrections)
        .where(eq(factCorrections.id, correctionId))
        .for('update')
        .limit(1);
      if (!request) throw AppError.notFound();
      if (request.status !== 'open') throw AppError.conflict(IDENTITY_MESSAGES.decided);
      const approved = input.decision === 'approve';
      if (approved) await setFact(tx, adminId, request.userId, request.field, request.requestedValue);
      await tx
        .update(factCorrections)
        .set({
          status: approved ? 'approved' : 'declined',
          decidedBy: adminId,
          decidedAt: new Date(),
          decisionReason: input.reason ?? null,
        })
        .where(and(eq(factCorrections.id, correctionId), eq(factCorrections.status, 'open')));
      await notifyPerson(tx, request.userId, {
        kind: 'identity',
        subject: `Your correction of ${inSentence(INSTITUTE_FACT_LABELS[request.field])}`,
        outcome: approved ? 'approved' : 'declined',
        detail: input.reason ?? null,
        link: '/profile',
      });
    });
  } catch (error) {
    // Another account took the Student ID between the check and the write.
    if (uniqueViolationOf(error) === 'users_student_id_key')
      throw AppError.conflict(IDENTITY_MESSAGES.studentIdTakenOnApproval);
    throw error;
  }
  return (await correctionById(db, correctionId))!;
}
