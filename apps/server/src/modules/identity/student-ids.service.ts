import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  like,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import {
  ID_CONFLICT_MESSAGES,
  IDENTITY_MESSAGES,
  normalizeRole,
  type IdConflict,
  type IdConflictDecisionInput,
} from '@cosa/contracts';
import { auditIdentityChange } from '../../db/audit';
import type { Database } from '../../db/client';
import { studentIdConflicts, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyPerson } from '../notifications/notify.service';
import { tellAdministratorsOfIdClaim } from './administrator-notices';
import { isProvenSource, setFact } from './facts.service';
import { instituteNameOfPerson } from '../../db/institute-name';

const LIST_LIMIT = 200;

/**
 * Takes a student id off an account, in the caller's transaction, audited as the actor's: the
 * account is sent back to onboarding to enter its own id, and told why. Nothing when it holds none.
 */
async function releaseStudentId(
  tx: Database,
  actorId: string,
  holderId: string,
  reason: string,
): Promise<void> {
  const [held] = await tx
    .select({ studentId: users.studentId, name: users.name })
    .from(users)
    .where(eq(users.id, holderId))
    .for('update')
    .limit(1);
  if (!held?.studentId) return;
  await tx
    .update(users)
    .set({
      studentId: null,
      studentIdSource: null,
      onboardingComplete: sql`case when ${users.role} = 'STUDENT' then false else ${users.onboardingComplete} end`,
    })
    .where(eq(users.id, holderId));
  await auditIdentityChange(tx, {
    actorId,
    userId: holderId,
    label: held.name,
    summary: `Student ID released: ${reason}`,
    before: { studentId: held.studentId },
    after: { studentId: null },
  });
  await notifyPerson(tx, holderId, {
    kind: 'identity',
    subject: 'Your Student ID',
    outcome: 'released',
    detail: `${ID_CONFLICT_MESSAGES.takenNotice} ${reason}`,
    link: '/onboarding',
  });
}

/**
 * A student who met their id held by another account asks the administrator for it: 400 when
 * nobody else holds it, 409 while they have a request open; 403 for anyone but a student. Every
 * administrator is notified.
 */
export async function reportStudentIdClaim(
  db: Database,
  user: { id: string; role: string },
  studentId: string,
): Promise<IdConflict> {
  if (normalizeRole(user.role) !== 'STUDENT') throw AppError.forbidden();
  const [holder] = await db
    .select({ id: users.id, source: users.studentIdSource })
    .from(users)
    .where(eq(users.studentId, studentId))
    .limit(1);
  if (!holder)
    throw AppError.badRequest(ID_CONFLICT_MESSAGES.notTaken, {
      studentId: ID_CONFLICT_MESSAGES.notTaken,
    });
  if (holder.id === user.id)
    throw AppError.badRequest(ID_CONFLICT_MESSAGES.yours, { studentId: ID_CONFLICT_MESSAGES.yours });
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(studentIdConflicts)
        .values({ kind: 'reported', studentId, claimantId: user.id, holderId: holder.id })
        .returning({ id: studentIdConflicts.id });
      await tellAdministratorsOfIdClaim(tx, { claimantId: user.id, studentId });
      return row!.id;
    });
    return (await conflictById(db, id))!;
  } catch (error) {
    if (uniqueViolationOf(error) === 'student_id_conflicts_one_open_key')
      throw AppError.conflict(ID_CONFLICT_MESSAGES.openAlready, {
        studentId: ID_CONFLICT_MESSAGES.openAlready,
      });
    throw error;
  }
}

const claimant = aliasedTable(users, 'claimant');
const holder = aliasedTable(users, 'holder');

function conflictQuery(db: Pick<Database, 'select'>) {
  return db
    .select({
      conflict: studentIdConflicts,
      claimant: {
        id: claimant.id,
        name: instituteNameOfPerson(claimant),
        username: claimant.username,
        email: claimant.email,
      },
      holder: {
        id: holder.id,
        name: instituteNameOfPerson(holder),
        username: holder.username,
        email: holder.email,
        source: holder.studentIdSource,
      },
    })
    .from(studentIdConflicts)
    .leftJoin(claimant, eq(claimant.id, studentIdConflicts.claimantId))
    .leftJoin(holder, eq(holder.studentId, studentIdConflicts.studentId));
}

type ConflictRow = Awaited<ReturnType<typeof conflictQuery>>[number];

const toConflict = ({ conflict, claimant: who, holder: by }: ConflictRow): IdConflict => ({
  id: conflict.id,
  kind: conflict.kind,
  studentId: conflict.studentId,
  status: conflict.settledAt ? 'settled' : 'open',
  claimant: who,
  holder: by
    ? {
        id: by.id,
        name: by.name,
        username: by.username,
        email: by.email,
        proven: isProvenSource(by.source),
      }
    : null,
  resolution: conflict.resolution,
  createdAt: conflict.createdAt.toISOString(),
  settledAt: conflict.settledAt ? conflict.settledAt.toISOString() : null,
});

async function conflictById(db: Pick<Database, 'select'>, id: string): Promise<IdConflict | null> {
  const [row] = await conflictQuery(db).where(eq(studentIdConflicts.id, id)).limit(1);
  return row ? toConflict(row) : null;
}

/** The administrator's list of conflicts: open ones oldest first, settled ones (the roll's releases among them) newest first. */
export async function listIdConflicts(db: Database, status: 'open' | 'settled'): Promise<IdConflict[]> {
  const rows = await conflictQuery(db)
    .where(
      status === 'open' ? isNull(studentIdConflicts.settledAt) : isNotNull(studentIdConflicts.settledAt),
    )
    .orderBy(
      status === 'open' ? asc(studentIdConflicts.createdAt) : desc(studentIdConflicts.settledAt),
      asc(studentIdConflicts.id),
    )
    .limit(LIST_LIMIT);
  return rows.map(toConflict);
}

/** How many Student ID claims wait for the administrator's decision (their queue's count in the bell). */
export async function openIdConflictCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studentIdConflicts)
    .where(isNull(studentIdConflicts.settledAt));
  return row?.n ?? 0;
}

/**
 * The administrator settles a reported conflict, in one transaction, audited, both students
 * notified: 'claimant' gives the id to the student who asked (the holder loses it), 'holder'
 * confirms the holder's claim (now proven), 'release' takes it from the holder and leaves it free
 * for the student who asked to enter at onboarding. The conflict keeps who held the id: an account
 * the id was taken from may not enter it again (takenFromAccount). 404 unknown, 409 settled already.
 */
export async function decideIdConflict(
  db: Database,
  adminId: string,
  conflictId: string,
  input: IdConflictDecisionInput,
): Promise<IdConflict> {
  try {
    await db.transaction(async (tx) => {
      const [conflict] = await tx
        .select()
        .from(studentIdConflicts)
        .where(eq(studentIdConflicts.id, conflictId))
        .for('update')
        .limit(1);
      if (!conflict) throw AppError.notFound();
      if (conflict.settledAt) throw AppError.conflict(ID_CONFLICT_MESSAGES.decided);
      const [current] = await tx
        .select({ id: users.id, source: users.studentIdSource })
        .from(users)
        .where(eq(users.studentId, conflict.studentId))
        .for('update')
        .limit(1);
      const holderId = current && current.id !== conflict.claimantId ? current.id : null;
      if (input.decision === 'holder') {
        if (!holderId) throw AppError.conflict(ID_CONFLICT_MESSAGES.holderGone);
        await tx.update(users).set({ studentIdSource: 'admin' }).where(eq(users.id, holderId));
        await auditIdentityChange(tx, {
          actorId: adminId,
          userId: holderId,
          label: conflict.studentId,
          summary: `Student ID confirmed: ${input.reason}`,
          before: { studentIdSource: current?.source ?? 'self' },
          after: { studentIdSource: 'admin' },
        });
      } else {
        if (holderId) await releaseStudentId(tx, adminId, holderId, input.reason);
        if (input.decision === 'claimant' && conflict.claimantId)
          await setFact(tx, adminId, conflict.claimantId, 'studentId', conflict.studentId);
      }
      await tx
        .update(studentIdConflicts)
        .set({
          settledAt: new Date(),
          settledBy: adminId,
          resolution: resolutionText(input),
          ...(holderId ? { holderId } : {}),
        })
        .where(and(eq(studentIdConflicts.id, conflictId), isNull(studentIdConflicts.settledAt)));
      const released = input.decision === 'release';
      await notifyPerson(tx, conflict.claimantId, {
        kind: 'identity',
        subject: `Student ID ${conflict.studentId}`,
        outcome: { claimant: 'given to you', holder: 'not given to you', release: 'released' }[
          input.decision
        ],
        detail: released ? `${ID_CONFLICT_MESSAGES.releasedForYou} ${input.reason}` : input.reason,
        link: input.decision === 'holder' ? '/profile' : '/onboarding',
      });
    });
  } catch (error) {
    // Another account took the Student ID between the check and the write.
    if (uniqueViolationOf(error) === 'users_student_id_key')
      throw AppError.conflict(IDENTITY_MESSAGES.studentIdTakenOnApproval);
    throw error;
  }
  return (await conflictById(db, conflictId))!;
}

const DECIDED = {
  claimant: 'Given to the student who asked',
  holder: 'Kept by its holder',
  release: 'Released',
} as const;

const resolutionText = (input: IdConflictDecisionInput) => `${DECIDED[input.decision]}: ${input.reason}`;

/** Whether the administrator took this id from this account (released it, or gave it to another). */
export async function takenFromAccount(
  db: Pick<Database, 'select'>,
  studentId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: studentIdConflicts.id })
    .from(studentIdConflicts)
    .where(
      and(
        eq(studentIdConflicts.studentId, studentId),
        eq(studentIdConflicts.holderId, userId),
        eq(studentIdConflicts.kind, 'reported'),
        or(
          like(studentIdConflicts.resolution, `${DECIDED.release}:%`),
          like(studentIdConflicts.resolution, `${DECIDED.claimant}:%`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether another account holds this id, and whether its claim is proven (the roll's or the administrator's). */
export async function studentIdHolder(
  db: Pick<Database, 'select'>,
  studentId: string,
  exceptUserId: string | null,
): Promise<{ id: string; proven: boolean; verified: boolean; unclaimedImport: boolean } | null> {
  const [row] = await db
    .select({
      id: users.id,
      source: users.studentIdSource,
      verifiedAt: users.emailVerifiedAt,
      importedAt: users.importedAt,
    })
    .from(users)
    .where(
      exceptUserId
        ? and(eq(users.studentId, studentId), ne(users.id, exceptUserId))
        : eq(users.studentId, studentId),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    proven: isProvenSource(row.source),
    verified: row.verifiedAt !== null,
    unclaimedImport: row.importedAt !== null && row.verifiedAt === null,
  };
}
