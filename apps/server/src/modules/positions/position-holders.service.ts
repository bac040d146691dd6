import { eq } from 'drizzle-orm';
import {
  normalizeRole,
  type ActorFacts,
  POSITION_ADMIN_MESSAGES,
  type HolderInput,
  type PositionHolder,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { positionHolders, positions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { checkHoldingDates, holdingLabel, positionNameOf } from './holdings.service';
import { notifyPerson, notifyQueue } from '../notifications/notify.service';
import { readHolder } from './position-holders.read';
import { positionReviewers, REVIEW_QUEUE_LINK } from './position-review.read';
import { statusChangeAllowed, type CosaActor } from './positions.policy';
import { actorFactsOf } from '../clubs/unit-facts.service';
import {
  checkPeople,
  checkRequirements,
  lockPosition,
  refuseDuplicate,
  refuseOwn,
  refuseRetired,
  requireManager,
  requireSeat,
  withDuplicateCheck,
} from './position-holders.checks';

/** The institute's clock, against which tenures and appointment dates are checked. */
export type HolderClock = { timeZone: string; now?: Date };

/**
 * A club coordinator's appointment waits for a general secretary or the president (pending): a
 * verified holding makes its holder a member of the club, with what that opens to the coordinator.
 */
const proposes = (actor: CosaActor) => normalizeRole(actor.role) === 'CLUB_COORDINATOR';

const columnsOf = (input: HolderInput) => ({
  userId: input.userId,
  positionId: input.positionId,
  tenureYear: input.tenureYear,
  status: input.status,
  appointedBy: input.appointment?.appointedById ?? null,
  appointmentDate: input.appointment?.date ?? null,
  eventsOrganized: input.metrics.eventsOrganized,
  feedback: input.metrics.feedback ?? null,
});

/** A coordinator's appointment, waiting for the council: no verifier, no decline. */
const pendingColumns = (actor: CosaActor) =>
  ({
    verification: 'pending',
    proposedBy: actor.id,
    verifiedBy: null,
    verifiedAt: null,
    declinedBy: null,
    declinedAt: null,
    declineReason: null,
  }) as const;

/**
 * Tells of a holding newly made: a coordinator's waits in the council's positions queue, anyone
 * else's is an appointment its holder hears of (never the actor's own: refuseOwn stops that).
 */
async function tellAppointment(
  tx: Database,
  holderId: string,
  userId: string,
  pending: boolean,
): Promise<void> {
  const subject = await positionNameOf(tx, holderId);
  if (pending)
    await notifyQueue(tx, positionReviewers(holderId), 'positions', subject, REVIEW_QUEUE_LINK);
  else
    await notifyPerson(tx, userId, {
      kind: 'appointment',
      outcome: 'appointed',
      subject,
      link: '/manage-position',
    });
}

const despite = (gaps: Record<string, string>) =>
  Object.keys(gaps).length > 0 ? ` (confirmed despite: ${Object.values(gaps).join('; ')})` : '';
const AWAITING = ', awaiting verification by the council';

/**
 * Add Position Holder: an appointment by a general secretary or the president is verified at once
 * and takes a seat while active; a club coordinator's is pending until one of them verifies it.
 */
export async function createHolder(
  db: Database,
  actor: CosaActor,
  input: HolderInput,
  clock: HolderClock,
): Promise<PositionHolder> {
  checkHoldingDates(input, clock.timeZone, clock.now ?? new Date());
  refuseOwn(actor, input.userId);
  const facts = await actorFactsOf(db, actor);
  const pending = proposes(actor);
  // A savepoint-free transaction: a unique violation aborts it, and the error is mapped outside.
  return withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      await auditAs(tx, actor.id);
      const position = await lockPosition(tx, facts, input);
      refuseRetired(position);
      await refuseDuplicate(tx, input);
      // A pending appointment takes no seat yet; a full position is said now rather than at verification.
      requireSeat(position, input.status === 'active');
      await checkPeople(tx, input, true);
      const gaps = await checkRequirements(tx, input);
      const [row] = await tx
        .insert(positionHolders)
        .values({
          ...columnsOf(input),
          ...(pending
            ? pendingColumns(actor)
            : { verification: 'verified' as const, verifiedBy: actor.id, verifiedAt: new Date() }),
        })
        .returning({ id: positionHolders.id });
      await logActivity(tx, {
        type: 'cosa',
        actorId: actor.id,
        description: `Appointed ${await holdingLabel(tx, row!.id)}${pending ? AWAITING : ''}${despite(gaps)}`,
        subjectType: 'position_holder',
        subjectId: row!.id,
      });
      await tellAppointment(tx, row!.id, input.userId, pending);
      // Read in the transaction: a delete committed right after it must not turn this answer into an error.
      return (await readHolder(tx, facts, row!.id))!;
    }),
  );
}

/** Locks a holder the actor may change or end; 404, then 403 with the rule's reason. */
async function lockHolder(tx: Database, actor: ActorFacts, id: string) {
  const [row] = await tx
    .select({ h: positionHolders, unitId: positions.unitId })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .where(eq(positionHolders.id, id))
    .for('update', { of: positionHolders });
  if (!row) throw AppError.notFound(POSITION_ADMIN_MESSAGES.holderNotFound);
  await requireManager(tx, actor, { holderId: row.h.userId, unitId: row.unitId });
  return row.h;
}

/**
 * Edits a holding with the form's rules. An active holding may end (completed or terminated); an
 * ended one is final. A verified holding that stays or becomes active must find a seat. A change of
 * person, position or tenure is a new appointment: refused for a retired position, and pending
 * again when a club coordinator makes it.
 */
export async function updateHolder(
  db: Database,
  actor: CosaActor,
  id: string,
  input: HolderInput,
  clock: HolderClock,
): Promise<PositionHolder> {
  checkHoldingDates(input, clock.timeZone, clock.now ?? new Date());
  refuseOwn(actor, input.userId);
  const facts = await actorFactsOf(db, actor);
  return withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      await auditAs(tx, actor.id);
      // The holder's row first, then the position's: every path that locks both does so in this order.
      const current = await lockHolder(tx, facts, id);
      if (!statusChangeAllowed(current.status, input.status))
        throw AppError.conflict(POSITION_ADMIN_MESSAGES.statusFinal, {
          status: POSITION_ADMIN_MESSAGES.statusFinal,
        });
      const reappointed =
        current.userId !== input.userId ||
        current.positionId !== input.positionId ||
        current.tenureYear !== input.tenureYear;
      const position = await lockPosition(tx, facts, input, id);
      if (reappointed) {
        refuseRetired(position);
        await refuseDuplicate(tx, input, id);
      }
      const becomesPending = reappointed && proposes(actor);
      requireSeat(
        position,
        input.status === 'active' && (current.verification === 'verified' || becomesPending),
      );
      await checkPeople(tx, input, current.userId !== input.userId);
      const gaps = reappointed ? await checkRequirements(tx, input) : {};
      await tx
        .update(positionHolders)
        .set({ ...columnsOf(input), ...(becomesPending ? pendingColumns(actor) : {}) })
        .where(eq(positionHolders.id, id));
      await logActivity(tx, {
        type: 'cosa',
        actorId: actor.id,
        description: `Updated ${await holdingLabel(tx, id)} (${input.status})${becomesPending ? AWAITING : ''}${despite(gaps)}`,
        subjectType: 'position_holder',
        subjectId: id,
      });
      // Another person or position held is a new appointment; a record already awaiting review is in the queue already.
      const newlyHeld = current.userId !== input.userId || current.positionId !== input.positionId;
      const newlyQueued =
        becomesPending && (current.verification === 'verified' || current.verification === 'declined');
      if (newlyQueued || (newlyHeld && !becomesPending && current.verification === 'verified'))
        await tellAppointment(tx, id, input.userId, newlyQueued);
      // Read in the transaction: a delete committed right after it must not turn this answer into an error.
      return (await readHolder(tx, facts, id))!;
    }),
  );
}

/** Deletes a holding in the actor's scope and logs it; a second delete of the same record hears 404. */
export async function deleteHolder(db: Database, actor: CosaActor, id: string): Promise<void> {
  const facts = await actorFactsOf(db, actor);
  await db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await lockHolder(tx, facts, id);
    const label = await holdingLabel(tx, id);
    await tx.delete(positionHolders).where(eq(positionHolders.id, id));
    await logActivity(tx, {
      type: 'cosa',
      actorId: actor.id,
      description: `Deleted the holding of ${label}`,
      subjectType: 'position_holder',
      subjectId: id,
    });
  });
}
