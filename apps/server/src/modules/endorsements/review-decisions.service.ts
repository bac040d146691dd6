import { and, desc, eq, gte, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ENDORSEMENT_DECISION_REFUSALS,
  ENDORSEMENT_MESSAGES,
  UNDO_WINDOW_SECONDS,
  type BulkReviewResult,
  type UndoOutcome,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import {
  achievements,
  issuedCredentials,
  notifications,
  skills,
  userSkills,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { announceLive } from '../notifications/notify.service';
import { actorFactsOf } from '../clubs/unit-facts.service';
import type { Reviewer } from './endorsements.service';
import { KINDS, type ReviewKind, type Transaction } from './review-kinds';
import { approval, reviewable } from './review.service';

/* "Endorse selected" and Undo on the endorsement panel (decision 0023). */

/**
 * Endorses (or verifies) each item on its own, in the order given: each is one conditional update
 * in its own transaction, so a burst of requests naming the same items decides each once. An item
 * this request did not decide is refused with the reason a single decision would give: not the
 * reviewer's to decide (403), gone (404), or already decided by another official (409).
 */
export async function approveMany(
  db: Database,
  kind: ReviewKind,
  ids: string[],
  reviewer: Reviewer & { name: string },
  versions: Record<string, number> = {},
): Promise<BulkReviewResult> {
  const results: BulkReviewResult['results'] = [];
  const actor = await actorFactsOf(db, reviewer);
  for (const id of ids) {
    try {
      const { outcome, decidedHere } = await approval(db, kind, id, reviewer, actor, versions[id]);
      results.push(
        decidedHere
          ? { id, outcome, refused: null }
          : {
              id,
              outcome: null,
              refused: { status: 409, message: ENDORSEMENT_MESSAGES.alreadyEndorsed },
            },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, outcome: null, refused: { status: error.statusCode, message: error.message } });
    }
  }
  return { results };
}

/** A decision as its row records it: approval or decline, by whom and when. */
type Decision = { approved: boolean; by: string | null; at: Date | null; retired: boolean };

/** The row still holds decision `d`: made by the same official at the same moment (`[by, at]` columns of each outcome). */
function holdsDecision(
  d: Decision,
  approvedColumns: [AnyPgColumn, AnyPgColumn],
  declinedColumns: [AnyPgColumn, AnyPgColumn],
): SQL | undefined {
  const [by, at] = d.approved ? approvedColumns : declinedColumns;
  return and(eq(by, d.by!), eq(at, d.at!));
}

/** The decision fields of one kind's row, and how to put the row back to awaiting review. */
const DECISIONS: Record<
  ReviewKind,
  {
    read(db: Database, id: string): Promise<Decision | undefined>;
    /** Back to pending, only while the row still holds this decision and nothing depends on it. */
    revert(tx: Transaction, id: string, decision: Decision): Promise<boolean>;
  }
> = {
  'user-skills': {
    async read(db, id) {
      const [row] = await db
        .select({
          endorsed: userSkills.isEndorsed,
          endorsedBy: userSkills.endorsedBy,
          endorsedAt: userSkills.endorsedAt,
          declinedBy: userSkills.declinedBy,
          declinedAt: userSkills.declinedAt,
        })
        .from(userSkills)
        .where(eq(userSkills.id, id));
      return row && decisionOf(row.endorsed, row, false);
    },
    async revert(tx, id, d) {
      const rows = await tx
        .update(userSkills)
        .set(
          d.approved
            ? { isEndorsed: false, endorsedBy: null, endorsedAt: null }
            : { declinedBy: null, declinedAt: null, declineReason: null },
        )
        .where(
          and(
            eq(userSkills.id, id),
            holdsDecision(
              d,
              [userSkills.endorsedBy, userSkills.endorsedAt],
              [userSkills.declinedBy, userSkills.declinedAt],
            ),
          ),
        )
        .returning({ id: userSkills.id });
      return rows.length > 0;
    },
  },
  skills: {
    async read(db, id) {
      const [row] = await db
        .select({
          endorsed: skills.isEndorsed,
          endorsedBy: skills.endorsedBy,
          endorsedAt: skills.endorsedAt,
          declinedBy: skills.declinedBy,
          declinedAt: skills.declinedAt,
          retiredAt: skills.retiredAt,
        })
        .from(skills)
        .where(eq(skills.id, id));
      return row && decisionOf(row.endorsed, row, row.retiredAt !== null);
    },
    async revert(tx, id, d) {
      const rows = await tx
        .update(skills)
        .set(
          d.approved
            ? { isEndorsed: false, endorsedBy: null, endorsedAt: null }
            : { declinedBy: null, declinedAt: null, declineReason: null },
        )
        // A skill the administrator merged or withdrew since has moved on.
        .where(
          and(
            eq(skills.id, id),
            isNull(skills.retiredAt),
            holdsDecision(
              d,
              [skills.endorsedBy, skills.endorsedAt],
              [skills.declinedBy, skills.declinedAt],
            ),
          ),
        )
        .returning({ id: skills.id });
      return rows.length > 0;
    },
  },
  achievements: {
    async read(db, id) {
      const [row] = await db
        .select({
          endorsed: achievements.verified,
          endorsedBy: achievements.verifiedBy,
          endorsedAt: achievements.verifiedAt,
          declinedBy: achievements.declinedBy,
          declinedAt: achievements.declinedAt,
        })
        .from(achievements)
        .where(eq(achievements.id, id));
      return row && decisionOf(row.endorsed, row, false);
    },
    async revert(tx, id, d) {
      // A credential signed for the verified achievement since is something that happened: it stays.
      const credential = tx
        .select({ id: issuedCredentials.id })
        .from(issuedCredentials)
        .where(and(eq(issuedCredentials.kind, 'achievement'), eq(issuedCredentials.recordId, id)));
      const rows = await tx
        .update(achievements)
        .set(
          d.approved
            ? { verified: false, verifiedBy: null, verifiedAt: null }
            : { declinedBy: null, declinedAt: null, declineReason: null },
        )
        .where(
          and(
            eq(achievements.id, id),
            notExists(credential),
            holdsDecision(
              d,
              [achievements.verifiedBy, achievements.verifiedAt],
              [achievements.declinedBy, achievements.declinedAt],
            ),
          ),
        )
        .returning({ id: achievements.id });
      return rows.length > 0;
    },
  },
};

function decisionOf(
  approved: boolean,
  row: {
    endorsedBy: string | null;
    endorsedAt: Date | null;
    declinedBy: string | null;
    declinedAt: Date | null;
  },
  retired: boolean,
): Decision {
  return approved
    ? { approved, by: row.endorsedBy, at: row.endorsedAt, retired }
    : { approved, by: row.declinedBy, at: row.declinedAt, retired };
}

/**
 * Undoes the reviewer's own decision on an item within UNDO_WINDOW_SECONDS, if nothing happened
 * since (no credential signed, not merged or withdrawn, not decided again): the item awaits review
 * again, the student's notification of the decision is withdrawn, and the log says so. 403 when
 * the decision is another official's, 409 when it is too late or the item moved on.
 */
export async function undoDecision(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer & { name: string },
  now = new Date(),
): Promise<UndoOutcome> {
  const state = await reviewable(db, kind, id, reviewer);
  const decision = await DECISIONS[kind].read(db, id);
  if (!decision || (!decision.approved && !decision.at))
    throw AppError.conflict(ENDORSEMENT_DECISION_REFUSALS.notDecided);
  // A claim declined with its catalogue skill carries no decline of its own to undo.
  if (!decision.by || !decision.at) throw AppError.conflict(ENDORSEMENT_DECISION_REFUSALS.changedSince);
  if (decision.by !== reviewer.id) throw AppError.forbidden(ENDORSEMENT_DECISION_REFUSALS.notYours);
  if (now.getTime() - decision.at.getTime() > UNDO_WINDOW_SECONDS * 1000)
    throw AppError.conflict(ENDORSEMENT_DECISION_REFUSALS.tooLate);
  if (decision.retired) throw AppError.conflict(ENDORSEMENT_DECISION_REFUSALS.changedSince);
  const rules = KINDS[kind];
  const reverted = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    if (!(await DECISIONS[kind].revert(tx, id, decision))) return false;
    const verb = decision.approved ? rules.approveVerb : 'Declined';
    await logActivity(tx, {
      type: 'approval',
      actorId: reviewer.id,
      description: `Undid: ${verb} ${state.label}`,
      subjectType: rules.subject,
      subjectId: id,
    });
    if (state.ownerId) await withdrawNotice(tx, state.ownerId, kind, id, decision);
    return true;
  });
  if (!reverted) throw AppError.conflict(ENDORSEMENT_DECISION_REFUSALS.changedSince);
  return { id, status: 'pending' };
}

/** Deletes the student's notification of the decision about this item (the newest one that tells it), and tells their open tabs. */
async function withdrawNotice(
  tx: Transaction,
  ownerId: string,
  kind: ReviewKind,
  itemId: string,
  decision: Decision,
): Promise<void> {
  const notice = KINDS[kind].notice;
  const told = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, ownerId),
        eq(notifications.kind, notice.kind),
        eq(notifications.outcome, decision.approved ? notice.approved : 'declined'),
        // The item itself, not its title: two items of one student may share a title.
        eq(notifications.subjectId, itemId),
        // The notification is written in the decision's transaction, a moment before or after its time.
        gte(
          notifications.createdAt,
          sql`${decision.at!.toISOString()}::timestamptz - interval '1 minute'`,
        ),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const deleted = await tx
    .delete(notifications)
    .where(inArray(notifications.id, told))
    .returning({ id: notifications.id });
  if (deleted.length) await announceLive(tx, [ownerId]);
}
