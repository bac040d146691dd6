import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ENDORSEMENT_MESSAGES,
  ERROR_CODES,
  type PendingPositionList,
  type PositionReviewOutcome,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { unitPaidWhen, unitsSeenBy } from '../../db/ledger-figures';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { actorFactsOf } from '../clubs/unit-facts.service';
import { notifyPerson } from '../notifications/notify.service';
import { holdingLabel, positionNameOf, shortfallOf } from './holdings.service';
import { lockPositionSeats } from './position-capacity.service';
import {
  actionableBy,
  isAwaiting,
  outcome,
  queueOf,
  requireVerifier,
  reviewableRecord,
  settled,
  type Reviewer,
} from './position-review.read';

/*
 * The review of position records awaiting verification (a student's own claim, a club
 * coordinator's appointment) on the endorsement panel: its list, verifying and declining.
 */

type PageQuery = { page: number; pageSize: number };

const proposer = alias(users, 'proposer');

/**
 * How many records the positions tab shows the reviewer, as a query of one count for a summary to
 * embed (wrapped: an async function would run a query it returns).
 */
export async function positionQueueCount(db: Database, reviewer: Reviewer) {
  const facts = await actorFactsOf(db, reviewer);
  return {
    query: db
      .select({ n: count() })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .where(queueOf(facts)),
  };
}

/**
 * The positions tab's condition for this reviewer (records they may act on), for a query joining
 * positions to position_holders: another module reads a person's records in the reviewer's queue.
 */
export async function positionQueueOf(db: Database, reviewer: Reviewer) {
  return { where: queueOf(await actorFactsOf(db, reviewer)) };
}

/** The positions tab of the endorsement panel: the records awaiting verification, oldest first, paged. */
export async function pendingPositions(
  db: Database,
  reviewer: Reviewer,
  query: PageQuery,
): Promise<PendingPositionList> {
  const facts = await actorFactsOf(db, reviewer);
  const where = queueOf(facts);
  // Oldest first from the partial index of the records awaiting verification; the names join for the page only.
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        h: positionHolders,
        // What the unit's lines paid in the tenure, for a reviewer who may see the unit's money.
        budgetUtilized: unitPaidWhen(
          unitsSeenBy(facts, positions.unitId),
          positions.unitId,
          positionHolders.tenureYear,
        ),
        student: {
          id: users.id,
          name: users.name,
          username: users.username,
          studentId: users.studentId,
        },
        position: { id: positions.id, positionCode: positions.positionCode, title: positions.title },
        unit: { id: orgUnits.id, name: orgUnits.name },
        proposerName: proposer.name,
      })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .innerJoin(users, eq(users.id, positionHolders.userId))
      .leftJoin(proposer, eq(proposer.id, positionHolders.proposedBy))
      .where(where)
      .orderBy(asc(positionHolders.createdAt), asc(positionHolders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .where(where),
  ]);
  return {
    items: rows.map(({ h, budgetUtilized, student, position, unit, proposerName }) => ({
      id: h.id,
      porCode: h.porCode,
      verification: h.verification === 'pending' ? 'pending' : 'self_declared',
      proposedBy: h.verification === 'pending' && proposerName !== null ? { name: proposerName } : null,
      student,
      position: { ...position, unit },
      tenureYear: h.tenureYear,
      status: h.status,
      metrics: {
        eventsOrganized: h.eventsOrganized,
        budgetUtilized,
        feedback: h.feedback,
      },
      version: h.version,
      createdAt: h.createdAt.toISOString(),
    })),
    total: counted!.n,
    overall: counted!.n,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Verifies a self-declared record or a coordinator's appointment. The record's row is locked first
 * and its position and tenure read under that lock, then the position's row (the order every change
 * of a holding takes), so two verifications racing for the last seat run one after the other and the
 * second is refused (409). A retired position takes none; a record short of the position's
 * requirements is answered 409 REQUIREMENTS_NOT_MET with the gaps until `confirm` is sent.
 */
export async function verifyPosition(
  db: Database,
  id: string,
  reviewer: Reviewer & { name: string },
  confirm = false,
  seen?: number,
): Promise<PositionReviewOutcome> {
  const actor = await reviewableRecord(db, id, reviewer);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    const [current] = await tx
      .select({
        userId: positionHolders.userId,
        positionId: positionHolders.positionId,
        tenureYear: positionHolders.tenureYear,
        status: positionHolders.status,
        verification: positionHolders.verification,
        version: positionHolders.version,
      })
      .from(positionHolders)
      .where(eq(positionHolders.id, id))
      .for('update');
    if (!current || !isAwaiting(current.verification)) return false;
    // Locked: an edit by the student waits, or has raised the version the reviewer did not see.
    if (seen !== undefined && current.version !== seen)
      throw AppError.conflict(ENDORSEMENT_MESSAGES.changedSinceSeen);
    const seats = await lockPositionSeats(tx, current.positionId, current.tenureYear, id);
    if (!seats) return false;
    // Checked again under the locks: an edit may have moved the record or made it a coordinator's appointment meanwhile.
    await requireVerifier(tx, actor, { ...current, unitId: seats.unitId });
    if (seats.retired) throw AppError.conflict(ENDORSEMENT_MESSAGES.positionRetired);
    if (current.status === 'active' && !seats.hasSeat)
      throw AppError.conflict(ENDORSEMENT_MESSAGES.positionFull);
    const gaps = await shortfallOf(tx, current.userId, current.positionId);
    if (Object.keys(gaps).length > 0 && !confirm)
      throw new AppError(409, ERROR_CODES.requirementsNotMet, ENDORSEMENT_MESSAGES.shortfall, gaps);
    await tx
      .update(positionHolders)
      .set({ verification: 'verified', verifiedBy: reviewer.id, verifiedAt: now })
      .where(eq(positionHolders.id, id));
    const despite =
      Object.keys(gaps).length > 0 ? ` (confirmed despite: ${Object.values(gaps).join('; ')})` : '';
    const what =
      current.verification === 'pending'
        ? "the club coordinator's appointment of"
        : 'the position record of';
    await logActivity(tx, {
      type: 'cosa',
      actorId: reviewer.id,
      description: `Verified ${what} ${await holdingLabel(tx, id)}${despite}`,
      subjectType: 'position_holder',
      subjectId: id,
    });
    // A coordinator's appointment becomes one now: its holder hears of the appointment, not of a verified claim.
    const told =
      current.verification === 'pending'
        ? ({ kind: 'appointment', outcome: 'appointed' } as const)
        : ({ kind: 'position', outcome: 'verified' } as const);
    await notifyPerson(tx, current.userId, {
      ...told,
      subject: await positionNameOf(tx, id),
      link: '/manage-position',
    });
    return true;
  });
  if (changed) return outcome(id, 'verified', reviewer.name, now, false);
  return settled(db, id, 'verified');
}

/** Declines a record awaiting verification with a reason the student sees; declining twice is harmless, a verified record stays verified (409). */
export async function declinePosition(
  db: Database,
  id: string,
  reviewer: Reviewer & { name: string },
  reason: string,
  seen?: number,
): Promise<PositionReviewOutcome> {
  const actor = await reviewableRecord(db, id, reviewer);
  const now = new Date();
  // Only a record the reviewer may still decline changes, also should an edit or a verification land meanwhile.
  const declinable = actionableBy(db, actor);
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    const rows = await tx
      .update(positionHolders)
      .set({ verification: 'declined', declinedBy: reviewer.id, declinedAt: now, declineReason: reason })
      .where(
        and(
          eq(positionHolders.id, id),
          declinable,
          seen === undefined ? undefined : eq(positionHolders.version, seen),
        ),
      )
      .returning({ id: positionHolders.id, userId: positionHolders.userId });
    if (!rows.length) return false;
    await logActivity(tx, {
      type: 'cosa',
      actorId: reviewer.id,
      description: `Declined the position record of ${await holdingLabel(tx, id)}`,
      subjectType: 'position_holder',
      subjectId: id,
    });
    await notifyPerson(tx, rows[0]!.userId, {
      kind: 'position',
      outcome: 'declined',
      subject: await positionNameOf(tx, id),
      detail: reason,
      link: '/manage-position',
    });
    return true;
  });
  if (changed) return outcome(id, 'declined', reviewer.name, now, false);
  return settled(db, id, 'declined', seen);
}
