import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_SKILL_MESSAGES, type SkillMergePreview, type SkillMergeResponse } from '@cosa/contracts';
import { asActor } from '../../db/audit';
import type { Database } from '../../db/client';
import { skills, userSkills } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { collapseClaims } from './admin-skills.policy';
import { readAdminSkill, type SkillAdmin } from './admin-skills.service';

type MergeEnds = { id: string; isEndorsed: boolean; retiredAt: Date | null; declinedAt: Date | null };

/**
 * The refusals of a merge, the same for its preview: missing (404 / 400), retired, declined, or
 * not endorsed while the duplicate is (409).
 */
function checkEnds(sourceId: string, intoId: string, rows: MergeEnds[]): void {
  const source = rows.find((row) => row.id === sourceId);
  const into = rows.find((row) => row.id === intoId);
  if (!source) throw AppError.notFound(ADMIN_SKILL_MESSAGES.skillNotFound);
  if (!into)
    throw AppError.badRequest(ADMIN_SKILL_MESSAGES.targetNotFound, {
      intoId: ADMIN_SKILL_MESSAGES.targetNotFound,
    });
  if (source.retiredAt) throw AppError.conflict(ADMIN_SKILL_MESSAGES.sourceRetired);
  if (into.retiredAt)
    throw AppError.conflict(ADMIN_SKILL_MESSAGES.targetRetired, {
      intoId: ADMIN_SKILL_MESSAGES.targetRetired,
    });
  // Claims of a declined skill are declined with it: merging into one would decline the students' claims.
  if (into.declinedAt)
    throw AppError.conflict(ADMIN_SKILL_MESSAGES.targetDeclined, {
      intoId: ADMIN_SKILL_MESSAGES.targetDeclined,
    });
  // An endorsed skill's claims would sit on one an official may still decline: merge the other way round.
  if (source.isEndorsed && !into.isEndorsed)
    throw AppError.conflict(ADMIN_SKILL_MESSAGES.targetNotEndorsed, {
      intoId: ADMIN_SKILL_MESSAGES.targetNotEndorsed,
    });
}

function refuseItself(sourceId: string, intoId: string): void {
  if (sourceId === intoId)
    throw AppError.badRequest(ADMIN_SKILL_MESSAGES.mergeIntoItself, {
      intoId: ADMIN_SKILL_MESSAGES.mergeIntoItself,
    });
}

const ends = {
  id: skills.id,
  isEndorsed: skills.isEndorsed,
  retiredAt: skills.retiredAt,
  declinedAt: skills.declinedAt,
};
const held = alias(userSkills, 'held');

/** What merging the duplicate into the skill would do: the claims that move, and the students who hold both. */
export async function previewMerge(
  db: Database,
  sourceId: string,
  intoId: string,
): Promise<SkillMergePreview> {
  refuseItself(sourceId, intoId);
  checkEnds(
    sourceId,
    intoId,
    await db
      .select(ends)
      .from(skills)
      .where(inArray(skills.id, [sourceId, intoId])),
  );
  const [[claims], [both]] = await Promise.all([
    db.select({ n: count() }).from(userSkills).where(eq(userSkills.skillId, sourceId)),
    db
      .select({ n: count() })
      .from(userSkills)
      .innerJoin(held, and(eq(held.userId, userSkills.userId), eq(held.skillId, intoId)))
      .where(eq(userSkills.skillId, sourceId)),
  ]);
  return { moving: claims!.n - both!.n, collapsing: both!.n };
}

/** A claim's columns as collapseClaims weighs them, of user_skills or its alias. */
function claimColumns<T extends typeof userSkills | typeof held>(table: T) {
  return {
    id: table.id,
    isEndorsed: table.isEndorsed,
    declined: sql<boolean>`${table.declinedAt} is not null`,
    proficiencyLevel: table.proficiencyLevel,
    positionId: table.positionId,
  };
}

/**
 * Merges a duplicate skill into an existing one, in one transaction: the duplicate's claims move to
 * the skill; a student who holds both keeps one claim (collapseClaims); the duplicate is retired,
 * pointing at the skill (and so do skills merged into it before). Both skills are locked in the
 * order of their ids first, so two crossing merges (A into B, B into A) run one after the other and
 * the second finds its target retired (409). Transcripts are snapshots and stay as they were issued.
 */
export async function mergeSkill(
  db: Database,
  admin: SkillAdmin,
  sourceId: string,
  intoId: string,
): Promise<SkillMergeResponse> {
  refuseItself(sourceId, intoId);
  return asActor(db, admin.id, async (tx) => {
    const locked = await tx
      .select(ends)
      .from(skills)
      .where(inArray(skills.id, [sourceId, intoId]))
      .orderBy(asc(skills.id))
      .for('update');
    checkEnds(sourceId, intoId, locked);
    // Students holding both: their two claims, locked so that no review changes them meanwhile.
    const pairs = await tx
      .select({ duplicate: claimColumns(userSkills), existing: claimColumns(held) })
      .from(userSkills)
      .innerJoin(held, and(eq(held.userId, userSkills.userId), eq(held.skillId, intoId)))
      .where(eq(userSkills.skillId, sourceId))
      .orderBy(asc(userSkills.id))
      .for('update');
    const outcomes = pairs.map((pair) => collapseClaims(pair.duplicate, pair.existing));
    const dropped = outcomes.map((outcome) => outcome.drop.id);
    // The losing claims go first, so the duplicate's winners can take the target's (user, skill) key.
    for (let index = 0; index < dropped.length; index += 1000) {
      await tx.delete(userSkills).where(inArray(userSkills.id, dropped.slice(index, index + 1000)));
    }
    const moved = await tx
      .update(userSkills)
      .set({ skillId: intoId })
      .where(eq(userSkills.skillId, sourceId))
      .returning({ id: userSkills.id });
    for (const outcome of outcomes) {
      if (outcome.positionId !== outcome.keep.positionId) {
        await tx
          .update(userSkills)
          .set({ positionId: outcome.positionId })
          .where(eq(userSkills.id, outcome.keep.id));
      }
    }
    await tx
      .update(skills)
      .set({ mergedIntoId: intoId })
      .where(and(eq(skills.mergedIntoId, sourceId), isNotNull(skills.retiredAt)));
    await tx
      .update(skills)
      .set({ retiredAt: new Date(), mergedIntoId: intoId })
      .where(eq(skills.id, sourceId));
    // A collapsed pair whose duplicate claim won moved too; it is counted as collapsed, not moved.
    const duplicatesKept = outcomes.filter(
      (outcome, index) => outcome.keep.id === pairs[index]!.duplicate.id,
    ).length;
    return {
      skill: (await readAdminSkill(tx, intoId))!,
      moved: moved.length - duplicatesKept,
      collapsed: outcomes.length,
    };
  });
}
