import { and, eq, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { alias, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';

/* How each kind of item on the endorsement panel is read, approved and declined. */

/** The kinds of items the panel reviews here (position records are reviewed in positions). */
export type ReviewKind = 'user-skills' | 'skills' | 'achievements';
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where an item stands, with the names needed to answer and to write the log. */
export type ReviewState = {
  type: string;
  ownerId: string | null;
  ownerRole: string | null;
  /** The unit the item is tied to: an achievement's event's organiser, a claim's position's unit. */
  unitId: string | null;
  /** An achievement's level (a coordinator vouches only for the institute's own); null otherwise. */
  level: string | null;
  done: boolean;
  doneAt: Date | null;
  doneBy: string | null;
  declinedAt: Date | null;
  declinedBy: string | null;
  label: string;
  /** The skill's name or the achievement's title, as the student's notification names it. */
  name: string;
  /** An achievement's version, raised by each edit of its owner; null for skills. */
  version: number | null;
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
  /** Marks the item endorsed or verified if it is still pending (and at version `seen`, when named); false when it was not. */
  approve(tx: Transaction, id: string, actorId: string, now: Date, seen?: number): Promise<boolean>;
  /** Marks the item declined if it is still pending (and at version `seen`, when named); false when it was not. */
  decline(
    tx: Transaction,
    id: string,
    actorId: string,
    reason: string,
    now: Date,
    seen?: number,
  ): Promise<boolean>;
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

/**
 * Approval and decline of one kind: both change its row in `table` only while `pending` still
 * selects it, so a fix to how a decision is written lands on every kind at once.
 */
function decisions<T extends PgTable>(
  table: T,
  approval: (actorId: string, now: Date) => PgUpdateSetSource<T>,
  pending: (id: string, tx: Transaction, seen?: number) => SQL | undefined,
): Pick<KindRules, 'approve' | 'decline'> {
  return {
    approve: (tx, id, actorId, now, seen) =>
      changeIfPending(tx, table, approval(actorId, now), pending(id, tx, seen)),
    decline: (tx, id, actorId, reason, now, seen) =>
      changeIfPending(tx, table, declined(actorId, reason, now), pending(id, tx, seen)),
  };
}

/** An endorsement, the same on a claim and on a catalogue skill. */
const endorsed = (actorId: string, now: Date) => ({
  isEndorsed: true,
  endorsedBy: actorId,
  endorsedAt: now,
});

/** A catalogue skill awaiting review; a retired one left the queue (the administrator merged or withdrew it). */
const pendingSkill = (id: string) =>
  and(
    eq(skills.id, id),
    fixed(skills.isEndorsed, false),
    isNull(skills.declinedAt),
    isNull(skills.retiredAt),
  );
/** An achievement awaiting verification; at the version the official saw, when the decision names one. */
const pendingAchievement = (id: string, _tx: Transaction, seen?: number) =>
  and(
    eq(achievements.id, id),
    fixed(achievements.verified, false),
    isNull(achievements.declinedAt),
    seen === undefined ? undefined : eq(achievements.version, seen),
  );

/** A claim still awaiting review: neither endorsed nor declined, nor of a catalogue skill that was declined. */
const pendingClaim = (id: string, tx: Transaction) =>
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

export const KINDS: Record<ReviewKind, KindRules> = {
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
          unitId: positions.unitId,
          level: sql<string | null>`null`,
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
          version: sql<number | null>`null`,
        })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .innerJoin(owner, eq(owner.id, userSkills.userId))
        .leftJoin(positions, eq(positions.id, userSkills.positionId))
        .leftJoin(approver, eq(approver.id, userSkills.endorsedBy))
        .leftJoin(
          decliner,
          sql`${decliner.id} = coalesce(${userSkills.declinedBy}, ${skills.declinedBy})`,
        )
        .where(eq(userSkills.id, id))
        .limit(1);
      return row;
    },
    ...decisions(userSkills, endorsed, pendingClaim),
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
          unitId: sql<string | null>`null`,
          level: sql<string | null>`null`,
          done: skills.isEndorsed,
          doneAt: skills.endorsedAt,
          doneBy: approver.name,
          declinedAt: skills.declinedAt,
          declinedBy: decliner.name,
          label: sql<string>`'skill ''' || ${skills.name} || ''''`,
          name: skills.name,
          version: sql<number | null>`null`,
        })
        .from(skills)
        .leftJoin(approver, eq(approver.id, skills.endorsedBy))
        .leftJoin(decliner, eq(decliner.id, skills.declinedBy))
        .where(eq(skills.id, id))
        .limit(1);
      return row;
    },
    ...decisions(skills, endorsed, pendingSkill),
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
          unitId: events.organizingUnitId,
          level: achievements.level,
          done: achievements.verified,
          doneAt: achievements.verifiedAt,
          doneBy: approver.name,
          declinedAt: achievements.declinedAt,
          declinedBy: decliner.name,
          label: sql<string>`${owner.name} || '''s achievement ''' || ${achievements.title} || ''''`,
          name: achievements.title,
          version: achievements.version,
        })
        .from(achievements)
        .innerJoin(owner, eq(owner.id, achievements.userId))
        .leftJoin(events, eq(events.id, achievements.eventId))
        .leftJoin(approver, eq(approver.id, achievements.verifiedBy))
        .leftJoin(decliner, eq(decliner.id, achievements.declinedBy))
        .where(eq(achievements.id, id))
        .limit(1);
      return row;
    },
    ...decisions(
      achievements,
      (actorId, now) => ({ verified: true, verifiedBy: actorId, verifiedAt: now }),
      pendingAchievement,
    ),
  },
};
