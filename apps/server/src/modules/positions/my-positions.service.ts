import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUTHORITY_MESSAGES,
  POSITION_MESSAGES,
  type DeclarePositionRequest,
  type MyPosition,
  type MyPositionList,
  type MyPositionListQuery,
  type SubmissionEvent,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { unitPaidWhen, unitsSeenBy, type MoneyReader } from '../../db/ledger-figures';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { containsPattern } from '../../lib/search';
import { checkAppointer, checkHoldingDates, positionNameOf } from './holdings.service';
import { notifyQueue } from '../notifications/notify.service';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import { positionReviewers, REVIEW_QUEUE_LINK } from './position-review.read';
import { historiesOf } from '../submissions/submission-history.service';

const appointer = alias(users, 'appointer');
const decliner = alias(users, 'decliner');

/** The student whose records are read: their account, and its role for the money they may see. */
export type Student = { id: string; role: string };

/**
 * What the ledger paid on the lines of the position's unit in the holding's tenure (decision 0040):
 * shown on a verified holding, or where the student may see the unit's money anyway; a record not
 * verified (self-declared, pending, declined) shows no other unit's money.
 */
const budgetShownTo = (reader: MoneyReader) =>
  unitPaidWhen(
    sql`(${positionHolders.verification} = 'verified' or ${unitsSeenBy(reader, positions.unitId)})`,
    positions.unitId,
    positionHolders.tenureYear,
  );

function holderQuery(db: Database, reader: MoneyReader) {
  return db
    .select({
      h: positionHolders,
      budgetUtilized: budgetShownTo(reader),
      position: { id: positions.id, positionCode: positions.positionCode, title: positions.title },
      unit: { id: orgUnits.id, name: orgUnits.name, category: orgUnits.category },
      appointerName: appointer.name,
      declinerName: decliner.name,
    })
    .from(positionHolders)
    .leftJoin(positions, eq(positions.id, positionHolders.positionId))
    .leftJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .leftJoin(appointer, eq(appointer.id, positionHolders.appointedBy))
    .leftJoin(decliner, eq(decliner.id, positionHolders.declinedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof holderQuery>['execute']>>[number];

const toMyPosition = (
  { h, budgetUtilized, position, unit, appointerName }: Row,
  history: SubmissionEvent[],
): MyPosition => ({
  id: h.id,
  porCode: h.porCode,
  position: position ? { ...position, unit: unit ?? null } : null,
  tenureYear: h.tenureYear,
  status: h.status,
  appointment:
    h.appointedBy || h.appointmentDate
      ? {
          appointedBy:
            h.appointedBy && appointerName ? { id: h.appointedBy, name: appointerName } : null,
          date: h.appointmentDate,
        }
      : null,
  metrics: {
    eventsOrganized: h.eventsOrganized,
    budgetUtilized,
    feedback: h.feedback,
  },
  verification: h.verification,
  declineReason: h.verification === 'declined' ? h.declineReason : null,
  version: h.version,
  // A coordinator's appointment (pending, or declined with its proposer) is not the holder's own claim.
  changeable:
    h.verification === 'self_declared' || (h.verification === 'declined' && h.proposedBy === null),
  history,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
});

/** The rows as their holder sees them, each with its history of declines and resends. */
async function withHistories(db: Database, rows: Row[]): Promise<MyPosition[]> {
  const histories = await historiesOf(
    db,
    'holding',
    new Map(
      rows.map(({ h, declinerName }) => [
        h.id,
        { at: h.declinedAt, byName: declinerName, reason: h.declineReason },
      ]),
    ),
  );
  return rows.map((row) => toMyPosition(row, histories.get(row.h.id)!));
}

/** One of the student's position records as they see it. */
export async function ownPosition(db: Database, student: Student, id: string): Promise<MyPosition> {
  const rows = await holderQuery(db, await actorFactsOf(db, student))
    .where(eq(positionHolders.id, id))
    .limit(1);
  return (await withHistories(db, rows))[0]!;
}

/** The user's own position-holder records, searched, filtered and paged, with the totals and tenure years. */
export async function listOwnPositions(
  db: Database,
  student: Student,
  query: MyPositionListQuery,
): Promise<MyPositionList> {
  const mine = eq(positionHolders.userId, student.id);
  const filters: SQL[] = [mine];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        ilike(positions.title, pattern),
        ilike(orgUnits.name, pattern),
        ilike(positionHolders.porCode, pattern),
        ilike(positionHolders.tenureYear, pattern),
        ilike(positionHolders.feedback, pattern),
      )!,
    );
  }
  if (query.status) filters.push(eq(positionHolders.status, query.status));
  if (query.tenureYear) filters.push(eq(positionHolders.tenureYear, query.tenureYear));
  const where = and(...filters);
  const reader = await actorFactsOf(db, student);
  const [rows, [matching], [all], years] = await Promise.all([
    holderQuery(db, reader)
      .where(where)
      .orderBy(desc(positionHolders.createdAt), desc(positionHolders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(positionHolders)
      .leftJoin(positions, eq(positions.id, positionHolders.positionId))
      .leftJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where),
    db.select({ n: count() }).from(positionHolders).where(mine),
    db
      .selectDistinct({ year: positionHolders.tenureYear })
      .from(positionHolders)
      .where(mine)
      .orderBy(desc(positionHolders.tenureYear)),
  ]);
  return {
    items: await withHistories(db, rows),
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    tenureYears: years.map((row) => row.year),
  };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Refuses what a student may not declare: a position that does not exist (400), is retired or is a
 * council office (409), or an appointer who cannot appoint them. The position is key-share locked
 * until the transaction ends, so it cannot be deleted before the record lands.
 */
export async function checkDeclarable(
  tx: Transaction,
  userId: string,
  input: DeclarePositionRequest,
): Promise<void> {
  const [position] = await tx
    .select({ retiredAt: positions.retiredAt, unitId: positions.unitId })
    .from(positions)
    .where(eq(positions.id, input.positionId))
    .for('key share');
  if (!position)
    throw AppError.badRequest(POSITION_MESSAGES.positionNotFound, {
      positionId: POSITION_MESSAGES.positionNotFound,
    });
  if (position.retiredAt)
    throw AppError.conflict(POSITION_MESSAGES.positionRetired, {
      positionId: POSITION_MESSAGES.positionRetired,
    });
  // No official may verify a council office (canVerify): the administrator records it instead.
  if ((await unitFactsOf(tx, position.unitId))?.councilOffice)
    throw AppError.conflict(AUTHORITY_MESSAGES.councilOfficeDeclare, {
      positionId: AUTHORITY_MESSAGES.councilOfficeDeclare,
    });
  const appointedBy = input.appointment?.appointedById;
  if (appointedBy) await checkAppointer(tx, appointedBy, userId);
}

/** The columns a student's own declaration writes. */
export const declaredFields = (input: DeclarePositionRequest) => ({
  positionId: input.positionId,
  tenureYear: input.tenureYear,
  status: input.status,
  appointedBy: input.appointment?.appointedById ?? null,
  appointmentDate: input.appointment?.date ?? null,
  eventsOrganized: input.metrics.eventsOrganized,
  feedback: input.metrics.feedback ?? null,
});

/**
 * Records a position the signed-in student says they held (the spec's Add Position Holder form in
 * their own modal): the holder is always the student, and the record is self-declared until an
 * official verifies it. A retired position takes no new records.
 */
export async function declareOwnPosition(
  db: Database,
  student: Student,
  input: DeclarePositionRequest,
  timeZone: string,
  now = new Date(),
): Promise<MyPosition> {
  const userId = student.id;
  checkHoldingDates(input, timeZone, now);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await checkDeclarable(tx, userId, input);
      const [row] = await tx
        .insert(positionHolders)
        .values({
          userId,
          ...declaredFields(input),
          verification: 'self_declared',
        })
        .returning({ id: positionHolders.id });
      await notifyQueue(
        tx,
        positionReviewers(row!.id),
        'positions',
        await positionNameOf(tx, row!.id),
        REVIEW_QUEUE_LINK,
      );
      return row!.id;
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'position_holders_user_position_tenure_key') {
      throw AppError.conflict(POSITION_MESSAGES.duplicate, { positionId: POSITION_MESSAGES.duplicate });
    }
    throw error;
  }
  return ownPosition(db, student, id);
}
