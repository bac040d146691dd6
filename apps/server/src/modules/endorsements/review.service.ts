import { and, eq, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { alias, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { CLUB_MESSAGES, ENDORSEMENT_MESSAGES, type ReviewOutcome } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { achievements, skills, userSkills, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { notifyPerson } from '../notifications/notify.service';
import { isClubMember, memberScopeOf } from '../clubs/club-scope.service';
import type { Reviewer } from './endorsements.service';
import { mayReview } from './endorsements.policy';

export type ReviewKind = 'user-skills' | 'skills' | 'achievements';
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where an item stands, with the names needed to answer and to write the log. */
type ReviewState = {
  type: string;
  ownerId: string | null;
  ownerRole: string | null;
  done: boolean;
  doneAt: Date | null;
  doneBy: string | null;
  declinedAt: Date | null;
  declinedBy: string | null;
  label: string;
  /** The skill's name or the achievement's title, as the student's notification names it. */
  name: string;
};

const approver = alias(users, 'approver');
const decliner = alias(users, 'decliner');
const owner = alias(users, 'owner');

type KindRules = {
  subject: string;
  approveVerb: string;
  /** What the owner is told of a decision: the kind, the word for approval, and their page of the item. */
  notice: { kind: 'skill' | 'achievement'; approved: string; link: string };
  state(db: Database | Transaction, id: string): Promise<ReviewState | undefined>;
  /** Marks the item endorsed or verified if it is still pending; false when it was not. */
  approve(tx: Transaction, id: string, actorId: string, now: Date): Promise<boolean>;
  /** Marks the item declined if it is still pending; false when it was not. */
  decline(tx: Transaction, id: string, actorId: string, reason: string, now: Date): Promise<boolean>;
};

/**
 * Writes `values` to the row `pending` selects while it still awaits review, in one conditional
 * update: of two officials acting at once, one changes it and the other finds it no longer pending.
 */
async function changeIfPending<T extends PgTable>(
  tx: Transaction,
  table: T,
  values: PgUpdateSetSource<T>,
  pending: SQL | undefined,
): Promise<boolean> {
  const rows = await tx
    .update(table)
    .set(values)
    .where(pending)
    .returning({ changed: sql<number>`1` });
  return rows.length > 0;
}

/** A decline, the same on every kind: who, when and the reason the student reads. */
const declined = (actorId: string, reason: string, now: Date) => ({
  declinedBy: actorId,
  declinedAt: now,
  declineReason: reason,
});

/** A catalogue skill awaiting review; a retired one left the queue (the administrator merged or withdrew it). */
const pendingSkill = (id: string) =>
  and(
    eq(skills.id, id),
    fixed(skills.isEndorsed, false),
    isNull(skills.declinedAt),
    isNull(skills.retiredAt),
  );
const pendingAchievement = (id: string) =>
  and(eq(achievements.id, id), fixed(achievements.verified, false), isNull(achievements.declinedAt));

/** A claim still awaiting review: neither endorsed nor declined, nor of a catalogue skill that was declined. */
const pendingClaim = (tx: Transaction, id: string) =>
  and(
    eq(userSkills.id, id),
    fixed(userSkills.isEndorsed, false),
    isNull(userSkills.declinedAt),
    notExists(
      tx
        .select({ id: skills.id })
        .from(skills)
        .where(and(eq(skills.id, userSkills.skillId), sql`${skills.declinedAt} is not null`)),
    ),
  );

const KINDS: Record<ReviewKind, KindRules> = {
  'user-skills': {
    subject: 'user_skill',
    approveVerb: 'Endorsed',
    notice: { kind: 'skill', approved: 'endorsed', link: '/skills' },
    async state(db, id) {
      const [row] = await db
        .select({
          type: skills.type,
          ownerId: userSkills.userId,
          ownerRole: owner.role,
          done: userSkills.isEndorsed,
          doneAt: userSkills.endorsedAt,
          doneBy: approver.name,
          // A claim endorsed before its catalogue skill was declined stays endorsed.
          declinedAt:
            sql<Date | null>`case when ${userSkills.isEndorsed} then null else coalesce(${userSkills.declinedAt}, ${skills.declinedAt}) end`.mapWith(
              (value) => (value ? new Date(value as string) : null),
            ),
          declinedBy: decliner.name,
          label: sql<string>`${owner.name} || '''s skill ''' || ${skills.name} || ''''`,
          name: skills.name,
        })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .innerJoin(owner, eq(owner.id, userSkills.userId))
        .leftJoin(approver, eq(approver.id, userSkills.endorsedBy))
        .leftJoin(
          decliner,
          sql`${decliner.id} = coalesce(${userSkills.declinedBy}, ${skills.declinedBy})`,
        )
        .where(eq(userSkills.id, id))
        .limit(1);
      return row;
    },
    approve: (tx, id, actorId, now) =>
      changeIfPending(
        tx,
        userSkills,
        { isEndorsed: true, endorsedBy: actorId, endorsedAt: now },
        pendingClaim(tx, id),
      ),
    decline: (tx, id, actorId, reason, now) =>
      changeIfPending(tx, userSkills, declined(actorId, reason, now), pendingClaim(tx, id)),
  },
  skills: {
    subject: 'skill',
    approveVerb: 'Endorsed',
    notice: { kind: 'skill', approved: 'endorsed', link: '/skills' },
    async state(db, id) {
      const [row] = await db
        .select({
          type: skills.type,
          ownerId: skills.createdBy,
          // Skills have no type other, the one type whose reviewer depends on the owner.
          ownerRole: sql<string | null>`null`,
          done: skills.isEndorsed,
          doneAt: skills.endorsedAt,
          doneBy: approver.name,
          declinedAt: skills.declinedAt,
          declinedBy: decliner.name,
          label: sql<string>`'skill ''' || ${skills.name} || ''''`,
          name: skills.name,
        })
        .from(skills)
        .leftJoin(approver, eq(approver.id, skills.endorsedBy))
        .leftJoin(decliner, eq(decliner.id, skills.declinedBy))
        .where(eq(skills.id, id))
        .limit(1);
      return row;
    },
    approve: (tx, id, actorId, now) =>
      changeIfPending(
        tx,
        skills,
        { isEndorsed: true, endorsedBy: actorId, endorsedAt: now },
        pendingSkill(id),
      ),
    decline: (tx, id, actorId, reason, now) =>
      changeIfPending(tx, skills, declined(actorId, reason, now), pendingSkill(id)),
  },
  achievements: {
    subject: 'achievement',
    approveVerb: 'Verified',
    notice: { kind: 'achievement', approved: 'verified', link: '/view-achievements' },
    async state(db, id) {
      const [row] = await db
        .select({
          type: achievements.type,
          ownerId: achievements.userId,
          ownerRole: owner.role,
          done: achievements.verified,
          doneAt: achievements.verifiedAt,
          doneBy: approver.name,
          declinedAt: achievements.declinedAt,
          declinedBy: decliner.name,
          label: sql<string>`${owner.name} || '''s achievement ''' || ${achievements.title} || ''''`,
          name: achievements.title,
        })
        .from(achievements)
        .innerJoin(owner, eq(owner.id, achievements.userId))
        .leftJoin(approver, eq(approver.id, achievements.verifiedBy))
        .leftJoin(decliner, eq(decliner.id, achievements.declinedBy))
        .where(eq(achievements.id, id))
        .limit(1);
      return row;
    },
    approve: (tx, id, actorId, now) =>
      changeIfPending(
        tx,
        achievements,
        { verified: true, verifiedBy: actorId, verifiedAt: now },
        pendingAchievement(id),
      ),
    decline: (tx, id, actorId, reason, now) =>
      changeIfPending(tx, achievements, declined(actorId, reason, now), pendingAchievement(id)),
  },
};

/** The item, if this official may act on it: 404 when it does not exist, 403 for another type or their own record. */
async function reviewable(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer,
): Promise<ReviewState> {
  const state = await KINDS[kind].state(db, id);
  if (!state) throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
  if (state.ownerId === reviewer.id)
    throw AppError.forbidden('Your own record is reviewed by another official.');
  if (!mayReview(reviewer.role, state.type, state.ownerRole))
    throw AppError.forbidden(ENDORSEMENT_MESSAGES.otherType);
  // A club coordinator reviews the members of their club only; catalogue skills belong to no club.
  const scope = await memberScopeOf(db, reviewer);
  if (
    scope !== null &&
    (kind === 'skills' ||
      !scope.clubId ||
      !state.ownerId ||
      !(await isClubMember(db, scope.clubId, state.ownerId)))
  ) {
    throw AppError.forbidden(CLUB_MESSAGES.notAMember);
  }
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
): Promise<ReviewOutcome> {
  const rules = KINDS[kind];
  const before = await reviewable(db, kind, id, reviewer);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    if (!(await rules.approve(tx, id, reviewer.id, now))) return false;
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
    });
    return true;
  });
  if (changed) return outcome(id, 'endorsed', reviewer.name, now, false);
  const after = await rules.state(db, id);
  if (after?.done) return outcome(id, 'endorsed', after.doneBy, after.doneAt, true);
  if (after?.declinedAt) throw AppError.conflict(ENDORSEMENT_MESSAGES.alreadyDeclined);
  throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
}

/** Declines a pending item with a reason the student sees; declining twice is harmless, an endorsed item stays endorsed (409). */
export async function declineItem(
  db: Database,
  kind: ReviewKind,
  id: string,
  reviewer: Reviewer & { name: string },
  reason: string,
): Promise<ReviewOutcome> {
  const rules = KINDS[kind];
  const before = await reviewable(db, kind, id, reviewer);
  const now = new Date();
  const changed = await db.transaction(async (tx) => {
    await auditAs(tx, reviewer.id);
    if (!(await rules.decline(tx, id, reviewer.id, reason, now))) return false;
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
    });
    return true;
  });
  if (changed) return outcome(id, 'declined', reviewer.name, now, false);
  const after = await rules.state(db, id);
  if (after?.declinedAt) return outcome(id, 'declined', after.declinedBy, after.declinedAt, true);
  if (after?.done) throw AppError.conflict(ENDORSEMENT_MESSAGES.alreadyEndorsed);
  throw AppError.notFound(ENDORSEMENT_MESSAGES.notFound);
}
