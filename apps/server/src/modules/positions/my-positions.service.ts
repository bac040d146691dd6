import { and, count, desc, eq, ilike, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { POSITION_MESSAGES, tenureYearOptions, type DeclarePositionRequest, type MyPosition, type MyPositionList, type MyPositionListQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { containsPattern } from '../../lib/search';

const appointer = alias(users, 'appointer');

function holderQuery(db: Database) {
  return db
    .select({
      h: positionHolders,
      position: { id: positions.id, positionCode: positions.positionCode, title: positions.title },
      unit: { id: orgUnits.id, name: orgUnits.name, category: orgUnits.category },
      appointerName: appointer.name,
    })
    .from(positionHolders)
    .leftJoin(positions, eq(positions.id, positionHolders.positionId))
    .leftJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    .leftJoin(appointer, eq(appointer.id, positionHolders.appointedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof holderQuery>['execute']>>[number];

const toMyPosition = ({ h, position, unit, appointerName }: Row): MyPosition => ({
  id: h.id,
  porCode: h.porCode,
  position: position ? { ...position, unit: unit ?? null } : null,
  tenureYear: h.tenureYear,
  status: h.status,
  appointment:
    h.appointedBy || h.appointmentDate
      ? { appointedBy: h.appointedBy && appointerName ? { id: h.appointedBy, name: appointerName } : null, date: h.appointmentDate }
      : null,
  metrics: { eventsOrganized: h.eventsOrganized, budgetUtilized: h.budgetUtilized, feedback: h.feedback },
  verification: h.verification,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
});

/** The user's own position-holder records, searched, filtered and paged, with the totals and tenure years. */
export async function listOwnPositions(db: Database, userId: string, query: MyPositionListQuery): Promise<MyPositionList> {
  const mine = eq(positionHolders.userId, userId);
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
  const [rows, [matching], [all], years] = await Promise.all([
    holderQuery(db)
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
    db.selectDistinct({ year: positionHolders.tenureYear }).from(positionHolders).where(mine).orderBy(desc(positionHolders.tenureYear)),
  ]);
  return {
    items: rows.map(toMyPosition),
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
    tenureYears: years.map((row) => row.year),
  };
}

/**
 * Records a position the signed-in student says they held (the spec's Add Position Holder form in
 * their own modal): the holder is always the student, and the record is self-declared until an
 * official verifies it.
 */
export async function declareOwnPosition(db: Database, userId: string, input: DeclarePositionRequest, now = new Date()): Promise<MyPosition> {
  if (!tenureYearOptions(now).includes(input.tenureYear)) {
    throw AppError.badRequest(POSITION_MESSAGES.tenureRequired, { tenureYear: POSITION_MESSAGES.tenureRequired });
  }
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, input.positionId)).limit(1);
  if (!position) throw AppError.badRequest(POSITION_MESSAGES.positionNotFound, { positionId: POSITION_MESSAGES.positionNotFound });
  const appointedBy = input.appointment?.appointedById ?? null;
  // The same people the picker offers: a proven account, not the student themself.
  if (appointedBy) {
    const [official] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, appointedBy), ne(users.id, userId), isNotNull(users.emailVerifiedAt)))
      .limit(1);
    if (!official) throw AppError.badRequest(POSITION_MESSAGES.appointedByNotFound, { 'appointment.appointedById': POSITION_MESSAGES.appointedByNotFound });
  }
  let id: string;
  try {
    const [row] = await db
      .insert(positionHolders)
      .values({
        userId,
        positionId: input.positionId,
        tenureYear: input.tenureYear,
        status: input.status,
        appointedBy,
        appointmentDate: input.appointment?.date ?? null,
        eventsOrganized: input.metrics.eventsOrganized,
        budgetUtilized: input.metrics.budgetUtilized,
        feedback: input.metrics.feedback ?? null,
        verification: 'self_declared',
      })
      .returning({ id: positionHolders.id });
    id = row!.id;
  } catch (error) {
    if (uniqueViolationOf(error) === 'position_holders_user_position_tenure_key') {
      throw AppError.conflict(POSITION_MESSAGES.duplicate, { positionId: POSITION_MESSAGES.duplicate });
    }
    throw error;
  }
  const [row] = await holderQuery(db).where(eq(positionHolders.id, id)).limit(1);
  return toMyPosition(row!);
}
