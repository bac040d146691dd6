import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_SKILL_MESSAGES,
  SKILL_STATE_LABELS,
  SKILL_TYPE_LABELS,
  type AdminSkill,
  type AdminSkillExportQuery,
  type AdminSkillList,
  type AdminSkillListQuery,
  type AdminSkillUpdate,
} from '@cosa/contracts';
import { asActor } from '../../db/audit';
import type { Database } from '../../db/client';
import { fixed } from '../../db/fixed';
import { skills, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { EXPORT_PAGE_SIZE, type CsvColumn } from '../../lib/csv-export';
import { uniqueViolationOf } from '../../lib/db-errors';
import { containsPattern } from '../../lib/search';
import { skillStateOf } from './admin-skills.policy';

/** The administrator making a change: the audit log records it as theirs. */
export type SkillAdmin = { id: string };

const creator = alias(users, 'creator');
const target = alias(skills, 'target');

/** Students holding the skill: one index range of user_skills per skill, run for the rows shown only. */
const usageOf = sql<number>`(select count(*)::int from user_skills us where us.skill_id = ${skills.id})`;

function cardQuery(db: Database) {
  return db
    .select({
      s: skills,
      usage: usageOf,
      creatorId: creator.id,
      creatorName: creator.name,
      targetId: target.id,
      targetName: target.name,
    })
    .from(skills)
    .leftJoin(creator, eq(creator.id, skills.createdBy))
    .leftJoin(target, eq(target.id, skills.mergedIntoId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

const toAdminSkill = ({
  s,
  usage,
  creatorId,
  creatorName,
  targetId,
  targetName,
}: CardRow): AdminSkill => ({
  id: s.id,
  skillCode: s.skillCode,
  name: s.name,
  category: s.category,
  type: s.type,
  description: s.description,
  state: skillStateOf(s),
  usage,
  createdBy: creatorId && creatorName ? { id: creatorId, name: creatorName } : null,
  mergedInto: targetId && targetName ? { id: targetId, name: targetName } : null,
  declineReason: s.declineReason,
  retiredAt: s.retiredAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
});

/** The filters of the list and its export: a part of the name, category or skill id; the type; the state. */
function filtersOf(query: AdminSkillExportQuery): SQL | undefined {
  const inUse = isNull(skills.retiredAt);
  const state = {
    retired: isNotNull(skills.retiredAt),
    declined: and(inUse, isNotNull(skills.declinedAt)),
    endorsed: and(inUse, fixed(skills.isEndorsed, true)),
    awaiting: and(inUse, fixed(skills.isEndorsed, false), isNull(skills.declinedAt)),
  };
  const pattern = query.q ? containsPattern(query.q) : null;
  return and(
    pattern
      ? or(
          ilike(skills.name, pattern),
          ilike(skills.category, pattern),
          ilike(skills.skillCode, pattern),
        )
      : undefined,
    query.type ? eq(skills.type, query.type) : undefined,
    query.state ? state[query.state] : undefined,
  );
}

const byName = [asc(skills.name), asc(skills.id)];

/** The skill catalogue for /admin/skills: searched, filtered by type and state, by name, paged with totals. */
export async function listAdminSkills(
  db: Database,
  query: AdminSkillListQuery,
): Promise<AdminSkillList> {
  const where = filtersOf(query);
  const [pageIds, [matching], [all]] = await Promise.all([
    db
      .select({ id: skills.id })
      .from(skills)
      .where(where)
      .orderBy(...byName)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(skills).where(where),
    db.select({ n: count() }).from(skills),
  ]);
  const ids = pageIds.map((row) => row.id);
  // The usage counts run for the page's rows only.
  const rows = ids.length
    ? await cardQuery(db)
        .where(inArray(skills.id, ids))
        .orderBy(...byName)
    : [];
  return {
    items: rows.map(toAdminSkill),
    total: matching!.n,
    overall: all!.n,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One page of the export after the last row written (by name, then id), EXPORT_PAGE_SIZE rows. */
async function readSkillExportPage(
  db: Database,
  query: AdminSkillExportQuery,
  after: AdminSkill | null,
): Promise<AdminSkill[]> {
  const beyond = after
    ? sql`(${skills.name}, ${skills.id}) > (${after.name}, ${after.id}::uuid)`
    : undefined;
  const rows = await cardQuery(db)
    .where(and(filtersOf(query), beyond))
    .orderBy(...byName)
    .limit(EXPORT_PAGE_SIZE);
  return rows.map(toAdminSkill);
}

const COLUMNS: readonly CsvColumn<AdminSkill>[] = [
  { header: 'Skill ID', value: (skill) => skill.skillCode },
  { header: 'Name', value: (skill) => skill.name },
  { header: 'Category', value: (skill) => skill.category },
  { header: 'Type', value: (skill) => SKILL_TYPE_LABELS[skill.type] },
  { header: 'State', value: (skill) => SKILL_STATE_LABELS[skill.state] },
  { header: 'Students', value: (skill) => skill.usage },
  { header: 'Description', value: (skill) => skill.description },
  { header: 'Created by', value: (skill) => skill.createdBy?.name },
  { header: 'Merged into', value: (skill) => skill.mergedInto?.name },
  { header: 'Created', value: (skill) => new Date(skill.createdAt) },
  { header: 'Retired', value: (skill) => (skill.retiredAt ? new Date(skill.retiredAt) : null) },
];

/** The catalogue as CSV with the list's filters, by name, a page at a time. */
export function skillsExport(db: Database, query: AdminSkillExportQuery) {
  return {
    read: (after: AdminSkill | null) => readSkillExportPage(db, query, after),
    columns: COLUMNS,
  };
}

/** One skill as the administrator sees it, read in the caller's transaction when given one. */
export async function readAdminSkill(db: Database, id: string): Promise<AdminSkill | null> {
  const [row] = await cardQuery(db).where(eq(skills.id, id)).limit(1);
  return row ? toAdminSkill(row) : null;
}

const nameTaken = () =>
  AppError.conflict(ADMIN_SKILL_MESSAGES.nameTaken, { name: ADMIN_SKILL_MESSAGES.nameTaken });

/**
 * Renames, retypes, recategorises or describes a skill in use; a retired skill stays as it was
 * (409). The name is unique in any letter case: the database's index refuses a taken one, also
 * when two renames race (409 on the name).
 */
export async function updateSkill(
  db: Database,
  admin: SkillAdmin,
  id: string,
  input: AdminSkillUpdate,
): Promise<AdminSkill> {
  try {
    return await asActor(db, admin.id, async (tx) => {
      const [current] = await tx
        .select({ retiredAt: skills.retiredAt })
        .from(skills)
        .where(eq(skills.id, id))
        .for('update');
      if (!current) throw AppError.notFound(ADMIN_SKILL_MESSAGES.skillNotFound);
      if (current.retiredAt) throw AppError.conflict(ADMIN_SKILL_MESSAGES.retiredReadOnly);
      const [clash] = input.name
        ? await tx
            .select({ id: skills.id })
            .from(skills)
            .where(and(sql`lower(${skills.name}) = lower(${input.name})`, sql`${skills.id} <> ${id}`))
            .limit(1)
        : [];
      if (clash) throw nameTaken();
      await tx
        .update(skills)
        .set({
          name: input.name,
          category: input.category,
          type: input.type,
          description: input.description,
        })
        .where(eq(skills.id, id));
      return (await readAdminSkill(tx, id))!;
    });
  } catch (error) {
    if (uniqueViolationOf(error) === 'skills_name_lower_key') throw nameTaken();
    throw error;
  }
}

/** Retires a skill: students who hold it keep it, the catalogue's pickers leave it out. Only the first of two retirements lands (409). */
export async function retireSkill(db: Database, admin: SkillAdmin, id: string): Promise<AdminSkill> {
  return asActor(db, admin.id, async (tx) => {
    const [retired] = await tx
      .update(skills)
      .set({ retiredAt: new Date() })
      .where(and(eq(skills.id, id), isNull(skills.retiredAt)))
      .returning({ id: skills.id });
    if (!retired) {
      const [found] = await tx.select({ id: skills.id }).from(skills).where(eq(skills.id, id)).limit(1);
      if (!found) throw AppError.notFound(ADMIN_SKILL_MESSAGES.skillNotFound);
      throw AppError.conflict(ADMIN_SKILL_MESSAGES.alreadyRetired);
    }
    return (await readAdminSkill(tx, id))!;
  });
}
