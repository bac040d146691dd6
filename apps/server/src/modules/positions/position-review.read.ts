import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  canVerify,
  ENDORSEMENT_MESSAGES,
  GENSEC_SKILL_TYPE,
  type ActorFacts,
  type PositionReviewOutcome,
} from '@cosa/contracts';
import { fixed } from '../../db/fixed';
import type { Database } from '../../db/client';
import { positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import {
  actorFactsOf,
  councilCategoryOf,
  councilOfficeUnits,
  managedUnits,
  unitFactsOf,
} from '../clubs/unit-facts.service';

/*
 * Who reviews a position record awaiting verification, as the endorsement panel's positions tab
 * lists them (queueOf) and as they are told of a new one (positionReviewers), and the state a
 * review finds a record in.
 */

/** An official reviewing position records. */
export type Reviewer = { id: string; role: string };

/** The positions tab of the endorsement panel, where a reviewer is sent when a record arrives. */
export const REVIEW_QUEUE_LINK = '/gensec-endorse?tab=positions';

const verifier = alias(users, 'verifier');
const decliner = alias(users, 'decliner');

/** The states a record waits in: a student's own claim, or a club coordinator's appointment. */
const AWAITING = ['self_declared', 'pending'] as const;
type Awaiting = (typeof AWAITING)[number];
export const isAwaiting = (value: string): value is Awaiting =>
  (AWAITING as readonly string[]).includes(value);

/**
 * Records the reviewer may act on, never their own (canVerify of a position record): for a general
 * secretary the self-declared records and coordinators' appointments of their council's clubs, for
 * the president those of every club; for a coordinator the self-declared records of their club only
 * (their own appointments are checked by the council). Council offices are the administrator's.
 */
export function queueOf(actor: ActorFacts) {
  return and(awaitingFor(actor), managedUnits(actor, positions.unitId));
}

/** The records' own conditions of queueOf: never the reviewer's own, in a state the reviewer acts on. */
const awaitingFor = (actor: ActorFacts) =>
  and(
    ne(positionHolders.userId, actor.id),
    actor.role === 'CLUB_COORDINATOR'
      ? fixed(positionHolders.verification, 'self_declared')
      : inArray(positionHolders.verification, [...AWAITING]),
  );

/**
 * queueOf for an update of the records themselves: the state is checked on the row being changed
 * (so a verification committed meanwhile is seen, and the decline does not land), the unit through
 * the position, which the change does not touch.
 */
export const actionableBy = (db: Database, actor: ActorFacts) =>
  and(
    awaitingFor(actor),
    inArray(
      positionHolders.positionId,
      db.select({ id: positions.id }).from(positions).where(managedUnits(actor, positions.unitId)),
    ),
  );

const GENSEC_TYPES = sql.join(
  Object.entries(GENSEC_SKILL_TYPE).map(([role, type]) => sql`(${role}::text, ${type}::text)`),
  sql`, `,
);

/**
 * The reviewers of a position record awaiting verification: the president and the general secretary
 * of the position's council (none for a council office, the administrator's), and for a student's own
 * claim the coordinator of the position's club (a coordinator's appointment waits for the council).
 */
export const positionReviewers = (holderId: string): SQL => sql`select u.id as user_id
  from ${positionHolders} h join ${positions} p on p.id = h.position_id cross join ${users} u
  where h.id = ${holderId} and u.id <> h.user_id and p.unit_id not in (${councilOfficeUnits()})
    and (u.role = 'PRESIDENT'
      or (u.role, ${councilCategoryOf(sql`p.unit_id`)}) in (values ${GENSEC_TYPES})
      or (u.role = 'CLUB_COORDINATOR' and h.verification = 'self_declared' and u.club_unit_id = p.unit_id))`;

/** A record as it stands, with the names the answer needs. */
async function recordState(db: Database, id: string) {
  const [row] = await db
    .select({
      userId: positionHolders.userId,
      unitId: positions.unitId,
      verification: positionHolders.verification,
      verifiedAt: positionHolders.verifiedAt,
      verifierName: verifier.name,
      declinedAt: positionHolders.declinedAt,
      declinerName: decliner.name,
      version: positionHolders.version,
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .leftJoin(verifier, eq(verifier.id, positionHolders.verifiedBy))
    .leftJoin(decliner, eq(decliner.id, positionHolders.declinedBy))
    .where(eq(positionHolders.id, id))
    .limit(1);
  return row;
}

/** Judges a record by the rule of who may verify what: 403 with the rule's reason when the actor may not. */
export async function requireVerifier(
  db: Database,
  actor: ActorFacts,
  record: { userId: string; unitId: string; verification: string },
): Promise<void> {
  const unit = await unitFactsOf(db, record.unitId);
  if (!unit) throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
  const decision = canVerify(actor, {
    kind: 'position-record',
    ownerId: record.userId,
    unit,
    verification: record.verification === 'pending' ? 'pending' : 'self_declared',
  });
  if (!decision.allowed) throw AppError.forbidden(decision.reason);
}

/** The record, if this reviewer may act on it: 404 when there is none, 403 with the rule's reason otherwise; answers the reviewer's facts. */
export async function reviewableRecord(
  db: Database,
  id: string,
  reviewer: Reviewer,
): Promise<ActorFacts> {
  const state = await recordState(db, id);
  if (!state) throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
  const actor = await actorFactsOf(db, reviewer);
  await requireVerifier(db, actor, state);
  return actor;
}

export const outcome = (
  id: string,
  status: PositionReviewOutcome['status'],
  name: string | null,
  at: Date | null,
  alreadyDone: boolean,
): PositionReviewOutcome => ({
  id,
  status,
  by: name ? { name } : null,
  at: (at ?? new Date()).toISOString(),
  alreadyDone,
});

/** What a second reviewer hears once the record left the queue: the same outcome again, or 409 for the opposite one or a record edited since `seen`. */
export async function settled(
  db: Database,
  id: string,
  wanted: PositionReviewOutcome['status'],
  seen?: number,
): Promise<PositionReviewOutcome> {
  const after = await recordState(db, id);
  if (after?.verification === 'verified') {
    if (wanted === 'verified')
      return outcome(id, 'verified', after.verifierName, after.verifiedAt, true);
    throw AppError.conflict(ENDORSEMENT_MESSAGES.positionAlreadyVerified);
  }
  if (after?.verification === 'declined') {
    if (wanted === 'declined')
      return outcome(id, 'declined', after.declinerName, after.declinedAt, true);
    throw AppError.conflict(ENDORSEMENT_MESSAGES.positionAlreadyDeclined);
  }
  // Still awaiting, but not as the reviewer saw it: the student edited it meanwhile.
  if (after && seen !== undefined && after.version !== seen)
    throw AppError.conflict(ENDORSEMENT_MESSAGES.changedSinceSeen);
  throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
}
