import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  canManageUnitPositions,
  POSITION_ADMIN_MESSAGES,
  type ActorFacts,
  type Position,
  type PositionInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { feedback, orgUnits, positionHolders, positions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { sqlStateOf } from '../../lib/db-errors';
import { logActivity } from '../activity/activity.service';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import type { CosaActor } from './positions.policy';
import { readPosition } from './positions.read';

/*
 * Adding, editing, deleting and retiring positions in the actor's scope; the lists and the detail
 * are read in positions.read.
 */

/**
 * The unit must exist (key-share locked so it cannot vanish or retire before the commit) and be in
 * the actor's scope. A retired unit takes no new positions; an edit may keep the one it has.
 */
async function checkUnit(
  tx: Database,
  actor: ActorFacts,
  unitId: string,
  currentUnitId?: string,
): Promise<void> {
  const [unit] = await tx
    .select({ id: orgUnits.id, retiredAt: orgUnits.retiredAt })
    .from(orgUnits)
    .where(eq(orgUnits.id, unitId))
    .for('key share');
  if (!unit || (unit.retiredAt && unit.id !== currentUnitId))
    throw AppError.badRequest(POSITION_ADMIN_MESSAGES.unitNotFound, {
      unitId: POSITION_ADMIN_MESSAGES.unitNotFound,
    });
  await requireUnitManager(tx, actor, unitId);
}

/** Refuses (403, with the rule's reason) a unit whose positions the actor may not manage (canManageUnitPositions). */
async function requireUnitManager(tx: Database, actor: ActorFacts, unitId: string): Promise<void> {
  const unit = await unitFactsOf(tx, unitId);
  const decision = unit
    ? canManageUnitPositions(actor, unit)
    : ({ allowed: false, reason: POSITION_ADMIN_MESSAGES.unitNotFound } as const);
  if (!decision.allowed) throw AppError.forbidden(decision.reason);
}

const columnsOf = (input: PositionInput) => ({
  title: input.title,
  unitId: input.unitId,
  positionType: input.positionType,
  positionCount: input.positionCount,
  description: input.description,
  responsibilities: input.responsibilities,
  minCgpa: input.requirements.minCgpa,
  minYear: input.requirements.minYear,
  skillsRequired: input.requirements.skillsRequired,
});

/** Add Position: creates a position in the actor's scope and logs it, all or nothing. */
export async function createPosition(
  db: Database,
  actor: CosaActor,
  input: PositionInput,
): Promise<Position> {
  const facts = await actorFactsOf(db, actor);
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await checkUnit(tx, facts, input.unitId);
    const [created] = await tx
      .insert(positions)
      .values({ ...columnsOf(input), createdBy: actor.id })
      .returning({ id: positions.id });
    await logActivity(tx, {
      type: 'cosa',
      actorId: actor.id,
      description: `New position: ${input.title}`,
      subjectType: 'position',
      subjectId: created!.id,
    });
    return (await readPosition(tx, created!.id))!;
  });
}

/** Locks a position in the actor's scope for a change; 404, then 403. */
async function lockForChange(tx: Database, actor: ActorFacts, id: string) {
  const [row] = await tx
    .select({ title: positions.title, unitId: positions.unitId, retiredAt: positions.retiredAt })
    .from(positions)
    .where(eq(positions.id, id))
    .for('update');
  if (!row) throw AppError.notFound(POSITION_ADMIN_MESSAGES.positionNotFound);
  await requireUnitManager(tx, actor, row.unitId);
  return row;
}

/**
 * Edits a position. The row stays locked from the check to the write, and appointments lock it
 * too, so the count cannot drop below the active holders of any tenure, also when both race.
 */
export async function updatePosition(
  db: Database,
  actor: CosaActor,
  id: string,
  input: PositionInput,
): Promise<Position> {
  const facts = await actorFactsOf(db, actor);
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const current = await lockForChange(tx, facts, id);
    await checkUnit(tx, facts, input.unitId, current.unitId);
    const [fullest] = await tx
      .select({ tenure: positionHolders.tenureYear, n: count() })
      .from(positionHolders)
      .where(
        and(
          eq(positionHolders.positionId, id),
          fixed(positionHolders.status, 'active'),
          fixed(positionHolders.verification, 'verified'),
        ),
      )
      .groupBy(positionHolders.tenureYear)
      .orderBy(desc(count()))
      .limit(1);
    if (fullest && fullest.n > input.positionCount) {
      const message = POSITION_ADMIN_MESSAGES.countBelowHolders(fullest.n, fullest.tenure);
      throw AppError.conflict(message, { positionCount: message });
    }
    await tx.update(positions).set(columnsOf(input)).where(eq(positions.id, id));
    await logActivity(tx, {
      type: 'cosa',
      actorId: actor.id,
      description: `Position updated: ${input.title}`,
      subjectType: 'position',
      subjectId: id,
    });
    return (await readPosition(tx, id))!;
  });
}

/**
 * Deletes a position no holding keeps (verified, pending or self-declared); declined claims go with
 * it, counted in the log. Its holders' rows are locked before the position's row, in the order every
 * change of a holding locks them; the position's lock then keeps an appointment from landing before
 * the delete, and the holders' foreign key refuses one in any case.
 */
export async function deletePosition(db: Database, actor: CosaActor, id: string): Promise<void> {
  const facts = await actorFactsOf(db, actor);
  try {
    await db.transaction(async (tx) => {
      await auditAs(tx, actor.id);
      await tx
        .select({ id: positionHolders.id })
        .from(positionHolders)
        .where(eq(positionHolders.positionId, id))
        .for('update');
      const position = await lockForChange(tx, facts, id);
      const [kept] = await tx
        .select({ n: count() })
        .from(positionHolders)
        .where(and(eq(positionHolders.positionId, id), ne(positionHolders.verification, 'declined')));
      if (kept!.n > 0) throw AppError.conflict(POSITION_ADMIN_MESSAGES.hasHolders);
      // Feedback about the position would be deleted with it: refuse, and point to retiring instead.
      const [about] = await tx
        .select({ n: count() })
        .from(feedback)
        .where(eq(feedback.targetPositionId, id));
      if (about!.n > 0)
        throw AppError.conflict(
          position.retiredAt
            ? POSITION_ADMIN_MESSAGES.hasFeedbackRetired
            : POSITION_ADMIN_MESSAGES.hasFeedback,
        );
      const declined = await tx
        .delete(positionHolders)
        .where(eq(positionHolders.positionId, id))
        .returning({ id: positionHolders.id });
      await tx.delete(positions).where(eq(positions.id, id));
      const removed =
        declined.length === 0
          ? ''
          : ` (with ${declined.length} declined ${declined.length === 1 ? 'claim' : 'claims'})`;
      await logActivity(tx, {
        type: 'cosa',
        actorId: actor.id,
        description: `Position deleted: ${position.title}${removed}`,
        subjectType: 'position',
        subjectId: id,
      });
    });
  } catch (error) {
    if (sqlStateOf(error) === '23503') throw AppError.conflict(POSITION_ADMIN_MESSAGES.hasHolders);
    throw error;
  }
}

/** Retires a position: it keeps its history and takes no new holders. Only the first of two retirements lands. */
export async function retirePosition(db: Database, actor: CosaActor, id: string): Promise<Position> {
  const facts = await actorFactsOf(db, actor);
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await lockForChange(tx, facts, id);
    const [retired] = await tx
      .update(positions)
      .set({ retiredAt: new Date(), retiredBy: actor.id })
      .where(and(eq(positions.id, id), isNull(positions.retiredAt)))
      .returning({ title: positions.title });
    if (!retired) throw AppError.conflict(POSITION_ADMIN_MESSAGES.alreadyRetired);
    await logActivity(tx, {
      type: 'cosa',
      actorId: actor.id,
      description: `Position retired: ${retired.title}`,
      subjectType: 'position',
      subjectId: id,
    });
    return (await readPosition(tx, id))!;
  });
}
