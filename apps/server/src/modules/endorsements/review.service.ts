import {
  canVerify,
  ENDORSEMENT_MESSAGES,
  type ActorFacts,
  type RecordFacts,
  type ReviewOutcome,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { notifyPerson } from '../notifications/notify.service';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import type { Reviewer } from './endorsements.service';
import { KINDS, type ReviewKind, type ReviewState } from './review-kinds';

/* Approving and declining skills, claims and achievements on the endorsement panel. */

/** The facts the rule of who may verify what (contracts record-authority) judges an item by. */
async function recordFactsOf(db: Database, kind: ReviewKind, state: ReviewState): Promise<RecordFacts> {
  const unit = state.unitId ? await unitFactsOf(db, state.unitId) : null;
  if (kind === 'skills') return { kind: 'skill', ownerId: state.ownerId, type: state.type };
  if (kind === 'user-skills')
    return { kind: 'user-skill', ownerId: state.ownerId ?? '', type: state.type, unit };
  return {
    kind: 'achievement',
    ownerId: state.ownerId ?? '',
    ownerRole: state.ownerRole,
    type: state.type,
    level: state.level,
    unit,
  };
}

/** The item, if this official may act on it (canVerify): 404 when it does not exist, 403 with the rule's reason otherwise. */
export async function reviewable(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer,
  /** The reviewer's facts when already read (once for a whole bulk request). */
  actor?: ActorFacts,
): Promise<ReviewState> {
  const state = await KINDS[kind].state(db, id);
  if (!state) throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
  const decision = canVerify(
    actor ?? (await actorFactsOf(db, reviewer)),
    await recordFactsOf(db, kind, state),
  );
  if (!decision.allowed) throw AppError.forbidden(decision.reason);
  return state;
}

const outcome = (
  id: string,
  status: ReviewOutcome['status'],
  name: string | null,
  at: Date | null,
  alreadyDone: boolean,
): ReviewOutcome => ({
  id,
  status,
  by: name ? { name } : null,
  at: (at ?? new Date()).toISOString(),
  alreadyDone,
});

/**
 * Endorses a skill or a claim, or verifies an achievement. Only a pending item changes, in one
 * conditional update, so two officials acting at once record one endorsement and one log line;
 * the second hears it was already done. A declined item stays declined (409).
 */
export async function approveItem(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer & { name: string },
  seen?: number,
): Promise<ReviewOutcome> {
  return (await approval(db, kind, id, reviewer, undefined, seen)).outcome;
}

/** approveItem's answer, and whether this request made the decision (false: it was made before, by whoever). */
export async function approval(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer & { name: string },
  actor?: ActorFacts,
  seen?: number,
): Promise<{ outcome: ReviewOutcome; decidedHere: boolean }> {
  const rules = KINDS[kind];
  const before = await reviewable(db, kind, id, reviewer, actor);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    if (!(await rules.approve(tx, id, reviewer.id, now, seen))) return false;
    await logActivity(tx, {
      type: 'approval',
      actorId: reviewer.id,
      description: `${rules.approveVerb} ${before.label}`,
      subjectType: rules.subject,
      subjectId: id,
    });
    await notifyPerson(tx, before.ownerId, {
      kind: rules.notice.kind,
      outcome: rules.notice.approved,
      subject: before.name,
      link: rules.notice.link,
      subjectId: id,
    });
    return true;
  });
  if (changed) return { outcome: outcome(id, 'endorsed', reviewer.name, now, false), decidedHere: true };
  const after = await rules.state(db, id);
  if (after?.done)
    return { outcome: outcome(id, 'endorsed', after.doneBy, after.doneAt, true), decidedHere: false };
  if (after?.declinedAt) throw AppError.conflict(ENDORSEMENT_MESSAGES.alreadyDeclined);
  throw changedOrGone(after, seen);
}

/** A pending item the decision did not change: its owner edited it since the version the official saw, or it is gone. */
function changedOrGone(after: ReviewState | undefined, seen: number | undefined): AppError {
  if (after && seen !== undefined && after.version !== seen)
    return AppError.conflict(ENDORSEMENT_MESSAGES.changedSinceSeen);
  return AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
}

/** Declines a pending item with a reason the student sees; declining twice is harmless, an endorsed item stays endorsed (409). */
export async function declineItem(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer & { name: string },
  reason: string,
  seen?: number,
): Promise<ReviewOutcome> {
  const rules = KINDS[kind];
  const before = await reviewable(db, kind, id, reviewer);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    if (!(await rules.decline(tx, id, reviewer.id, reason, now, seen))) return false;
    await logActivity(tx, {
      type: 'approval',
      actorId: reviewer.id,
      description: `Declined ${before.label}`,
      subjectType: rules.subject,
      subjectId: id,
    });
    await notifyPerson(tx, before.ownerId, {
      kind: rules.notice.kind,
      outcome: 'declined',
      subject: before.name,
      detail: reason,
      link: rules.notice.link,
      subjectId: id,
    });
    return true;
  });
  if (changed) return outcome(id, 'declined', reviewer.name, now, false);
  const after = await rules.state(db, id);
  if (after?.declinedAt) return outcome(id, 'declined', after.declinedBy, after.declinedAt, true);
  if (after?.done) throw AppError.conflict(ENDORSEMENT_MESSAGES.alreadyEndorsed);
  throw changedOrGone(after, seen);
}
