import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import {
  MAX_SKILLS_PER_USER,
  SKILL_CATALOGUE_LIMIT,
  SKILL_MESSAGES,
  type AddUserSkillRequest,
  type CatalogueSkill,
  type UserSkill,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { positionHolders, positions, skills, userSkills } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { containsPattern, prefixPattern } from '../../lib/search';
import {
  claimReviewers,
  reviewTabLink,
  skillReviewers,
} from '../endorsements/review-recipients.service';
import { notifyQueue } from '../notifications/notify.service';

const catalogueColumns = {
  id: skills.id,
  skillCode: skills.skillCode,
  name: skills.name,
  category: skills.category,
  type: skills.type,
  description: skills.description,
  isEndorsed: skills.isEndorsed,
};

/**
 * Skills a user may see and pick: endorsed ones, the institute's own (no student created them),
 * and the user's own new ones; another student's unreviewed entry is not offered to everyone, and a
 * declined or retired one (merged into another, or retired by the administrator) to nobody.
 */
const visibleTo = (userId: string) =>
  and(
    isNull(skills.retiredAt),
    or(
      fixed(skills.isEndorsed, true),
      and(isNull(skills.declinedAt), or(isNull(skills.createdBy), eq(skills.createdBy, userId))),
    ),
  );

/** How many merges a typed name follows to the skill in use (a merged skill points at one in use; chains are short). */
const MAX_MERGE_HOPS = 5;

/** The skill catalogue for the Add Skill picker, by name or category, best matches first. */
export async function searchCatalogue(
  db: Database,
  userId: string,
  q: string | undefined,
): Promise<CatalogueSkill[]> {
  const text = q?.trim() ?? '';
  const visible = visibleTo(userId);
  const where = and(
    visible,
    text
      ? or(ilike(skills.name, containsPattern(text)), ilike(skills.category, containsPattern(text)))
      : undefined,
  );
  return (
    db
      .select(catalogueColumns)
      .from(skills)
      .where(where)
      // The name typed exactly (in any case) first, then names that start with the text, then the rest by name.
      .orderBy(
        ...(text
          ? [
              sql`(lower(${skills.name}) = lower(${text})) desc`,
              sql`(${skills.name} ilike ${prefixPattern(text)}) desc`,
            ]
          : []),
        asc(skills.name),
      )
      .limit(SKILL_CATALOGUE_LIMIT)
  );
}

function userSkillQuery(db: Database) {
  return db
    .select({
      id: userSkills.id,
      skill: catalogueColumns,
      proficiencyLevel: userSkills.proficiencyLevel,
      positionId: positions.id,
      positionTitle: positions.title,
      isEndorsed: userSkills.isEndorsed,
      // A claim of a skill that was declined from the catalogue is declined with it.
      declineReason: sql<string | null>`coalesce(${userSkills.declineReason}, ${skills.declineReason})`,
      createdAt: userSkills.createdAt,
      skillCreatedBy: skills.createdBy,
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .leftJoin(positions, eq(positions.id, userSkills.positionId));
}

type UserSkillRow = Awaited<ReturnType<ReturnType<typeof userSkillQuery>['execute']>>[number];

/** A catalogue skill as this user may see it: another student's description stays theirs until an official endorses the skill. */
const visibleSkill = (
  skill: CatalogueSkill,
  createdBy: string | null,
  viewerId: string,
): CatalogueSkill =>
  skill.isEndorsed || createdBy === null || createdBy === viewerId
    ? skill
    : { ...skill, description: null };

const toUserSkill = (row: UserSkillRow, viewerId: string): UserSkill => ({
  id: row.id,
  skill: visibleSkill(row.skill, row.skillCreatedBy, viewerId),
  proficiencyLevel: row.proficiencyLevel,
  position:
    row.positionId && row.positionTitle ? { id: row.positionId, title: row.positionTitle } : null,
  isEndorsed: row.isEndorsed,
  declineReason: row.isEndorsed ? null : row.declineReason,
  createdAt: row.createdAt.toISOString(),
});

/** The user's own skills, newest first. */
export async function listOwnSkills(db: Database, userId: string): Promise<UserSkill[]> {
  const rows = await userSkillQuery(db)
    .where(eq(userSkills.userId, userId))
    .orderBy(desc(userSkills.createdAt), desc(userSkills.id))
    .limit(MAX_SKILLS_PER_USER);
  return rows.map((row) => toUserSkill(row, userId));
}

/**
 * The skill a typed name stands for: the catalogue's skill of that name in any letter case, or,
 * when that one was merged, the skill it was merged into. A name an official declined, or a
 * skill retired without a replacement, stays out of the catalogue, whoever types it again.
 */
async function skillInUseNamed(tx: Database, name: string): Promise<string> {
  let [skill] = await tx
    .select({
      id: skills.id,
      declinedAt: skills.declinedAt,
      retiredAt: skills.retiredAt,
      mergedIntoId: skills.mergedIntoId,
    })
    .from(skills)
    .where(sql`lower(${skills.name}) = lower(${name})`)
    .limit(1)
    .for('key share');
  for (let hop = 0; skill?.retiredAt && skill.mergedIntoId && hop < MAX_MERGE_HOPS; hop += 1) {
    [skill] = await tx
      .select({
        id: skills.id,
        declinedAt: skills.declinedAt,
        retiredAt: skills.retiredAt,
        mergedIntoId: skills.mergedIntoId,
      })
      .from(skills)
      .where(eq(skills.id, skill.mergedIntoId))
      .limit(1)
      .for('key share');
  }
  if (skill?.declinedAt)
    throw AppError.badRequest(SKILL_MESSAGES.declinedName, {
      'newSkill.name': SKILL_MESSAGES.declinedName,
    });
  if (!skill || skill.retiredAt)
    throw AppError.badRequest(SKILL_MESSAGES.retiredName, {
      'newSkill.name': SKILL_MESSAGES.retiredName,
    });
  return skill.id;
}

const duplicate = () =>
  AppError.conflict(SKILL_MESSAGES.duplicate, { skillId: SKILL_MESSAGES.duplicate });

/**
 * Adds a skill to the user's record: a catalogue skill by id, or a new one, which joins the
 * catalogue awaiting endorsement (or, when its name is already there in any case, is that skill).
 * The database refuses the same skill twice for one user, also when two adds race.
 */
export async function addOwnSkill(
  db: Database,
  userId: string,
  input: AddUserSkillRequest,
): Promise<UserSkill> {
  if (input.positionId) {
    const [held] = await db
      .select({ id: positionHolders.id })
      .from(positionHolders)
      // A record an official declined is no claim to build on.
      .where(
        and(
          eq(positionHolders.userId, userId),
          eq(positionHolders.positionId, input.positionId),
          ne(positionHolders.verification, 'declined'),
        ),
      )
      .limit(1);
    if (!held)
      throw AppError.badRequest(SKILL_MESSAGES.positionInvalid, {
        positionId: SKILL_MESSAGES.positionInvalid,
      });
  }
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(userSkills)
        .where(eq(userSkills.userId, userId));
      if ((held?.n ?? 0) >= MAX_SKILLS_PER_USER) throw AppError.conflict(SKILL_MESSAGES.tooMany);
      let skillId = input.skillId;
      if (input.newSkill) {
        const { name, category, type, description } = input.newSkill;
        const [proposed] = await tx
          .insert(skills)
          .values({ name, category, type, description: description ?? null, createdBy: userId })
          .onConflictDoNothing()
          .returning({ id: skills.id });
        if (proposed)
          await notifyQueue(tx, skillReviewers(proposed.id), 'skills', name, reviewTabLink('skills'));
        skillId = await skillInUseNamed(tx, name);
      } else {
        // The same skills the catalogue offers. Key-share locked: a merge or retirement of the skill
        // waits for this claim (and moves it), or this claim finds the skill retired.
        const [existing] = await tx
          .select({ id: skills.id })
          .from(skills)
          .where(and(eq(skills.id, skillId!), visibleTo(userId)))
          .limit(1)
          .for('key share');
        if (!existing)
          throw AppError.badRequest(SKILL_MESSAGES.invalidSkill, {
            skillId: SKILL_MESSAGES.invalidSkill,
          });
      }
      const [row] = await tx
        .insert(userSkills)
        .values({
          userId,
          skillId: skillId!,
          proficiencyLevel: input.proficiencyLevel,
          positionId: input.positionId ?? null,
        })
        .onConflictDoNothing({ target: [userSkills.userId, userSkills.skillId] })
        .returning({ id: userSkills.id });
      if (!row) throw duplicate();
      const [claimed] = await tx
        .select({ name: skills.name })
        .from(skills)
        .where(eq(skills.id, skillId!));
      await notifyQueue(
        tx,
        claimReviewers(row.id),
        'user-skills',
        claimed!.name,
        reviewTabLink('user-skills'),
      );
      return row.id;
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'user_skills_user_skill_key') throw duplicate();
    throw error;
  }
  const [row] = await userSkillQuery(db).where(eq(userSkills.id, id)).limit(1);
  return toUserSkill(row!, userId);
}

/** Removes one of the user's own skills; someone else's is not found, an endorsed one stays. */
export async function removeOwnSkill(db: Database, userId: string, userSkillId: string): Promise<void> {
  const deleted = await db
    .delete(userSkills)
    .where(
      and(
        eq(userSkills.id, userSkillId),
        eq(userSkills.userId, userId),
        fixed(userSkills.isEndorsed, false),
      ),
    )
    .returning({ id: userSkills.id });
  if (deleted.length > 0) return;
  const [row] = await db
    .select({ isEndorsed: userSkills.isEndorsed })
    .from(userSkills)
    .where(and(eq(userSkills.id, userSkillId), eq(userSkills.userId, userId)))
    .limit(1);
  if (row?.isEndorsed) throw AppError.conflict(SKILL_MESSAGES.endorsedCannotBeRemoved);
  throw AppError.notFound('This skill is not on your record.');
}
