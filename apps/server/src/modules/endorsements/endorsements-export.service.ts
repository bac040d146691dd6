import { and, asc, eq, sql } from 'drizzle-orm';
import type { EndorsementExportQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, positions, skills, userSkills, users } from '../../db/schema/index';
import { csvLabel, EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { cursorText, keysetAfter, readAhead } from '../../lib/keyset';
import { achievementQueue, userSkillQueue, type Reviewer } from './endorsements.service';

/** The student behind a queued item, as the export names them. */
const student = { name: users.name, studentId: users.studentId, email: users.email };

/** Oldest first, as the queues list them; the cursor keeps the timestamp's microseconds. */
const after = (
  column: typeof userSkills.createdAt | typeof achievements.createdAt,
  id: typeof userSkills.id | typeof achievements.id,
  last: { cursorAt: string; id: string } | null,
) =>
  last
    ? keysetAfter([
        { column, value: last.cursorAt, direction: 'asc', cast: 'timestamptz' },
        { column: id, value: last.id, direction: 'asc', cast: 'uuid' },
      ])
    : undefined;

const claimRows = (db: Database) =>
  db
    .select({
      id: userSkills.id,
      cursorAt: cursorText(userSkills.createdAt),
      createdAt: userSkills.createdAt,
      student,
      skill: { code: skills.skillCode, name: skills.name, category: skills.category, type: skills.type },
      proficiencyLevel: userSkills.proficiencyLevel,
      position: { code: positions.positionCode, title: positions.title },
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .innerJoin(users, eq(users.id, userSkills.userId))
    .leftJoin(positions, eq(positions.id, userSkills.positionId));

type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimRows>['execute']>>[number];

const CLAIM_COLUMNS: readonly CsvColumn<ClaimRow>[] = [
  { header: 'Submitted', value: (row) => row.createdAt },
  { header: 'Student', value: (row) => row.student.name },
  { header: 'Student ID', value: (row) => row.student.studentId },
  { header: 'E-mail', value: (row) => row.student.email },
  { header: 'Skill ID', value: (row) => row.skill.code },
  { header: 'Skill', value: (row) => row.skill.name },
  { header: 'Category', value: (row) => row.skill.category },
  { header: 'Type', value: (row) => csvLabel(row.skill.type) },
  { header: 'Proficiency', value: (row) => csvLabel(row.proficiencyLevel) },
  { header: 'Position ID', value: (row) => row.position?.code },
  { header: 'Position', value: (row) => row.position?.title },
];

/** The endorsement panel's skill-claims queue as CSV: the reviewer's types and members, the list's search and filters, oldest first. */
export async function userSkillsExport(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementExportQuery,
  timeZone: string,
) {
  const { where } = await userSkillQueue(db, reviewer, query, timeZone);
  const read: PageReader<ClaimRow> = (last) =>
    claimRows(db)
      .where(and(where, after(userSkills.createdAt, userSkills.id, last)))
      .orderBy(asc(userSkills.createdAt), asc(userSkills.id))
      .limit(EXPORT_PAGE_SIZE);
  // The students the file names, with their student id and e-mail: one row each in the access log.
  const subjects = sql`select distinct ${userSkills.userId} as user_id from ${userSkills}
    join ${skills} on ${skills.id} = ${userSkills.skillId} join ${users} on ${users.id} = ${userSkills.userId}
    left join ${positions} on ${positions.id} = ${userSkills.positionId} where ${where ?? sql`true`}`;
  return { read: readAhead(read), columns: CLAIM_COLUMNS, subjects };
}

const achievementRows = (db: Database) =>
  db
    .select({
      a: achievements,
      cursorAt: cursorText(achievements.createdAt),
      student,
      eventTitle: events.title,
    })
    .from(achievements)
    .innerJoin(users, eq(users.id, achievements.userId))
    .leftJoin(events, eq(events.id, achievements.eventId));

type AchievementRow = Awaited<ReturnType<ReturnType<typeof achievementRows>['execute']>>[number];

const ACHIEVEMENT_COLUMNS: readonly CsvColumn<AchievementRow>[] = [
  { header: 'Achievement ID', value: (row) => row.a.achievementCode },
  { header: 'Submitted', value: (row) => row.a.createdAt },
  { header: 'Student', value: (row) => row.student.name },
  { header: 'Student ID', value: (row) => row.student.studentId },
  { header: 'E-mail', value: (row) => row.student.email },
  { header: 'Title', value: (row) => row.a.title },
  { header: 'Description', value: (row) => row.a.description },
  { header: 'Category', value: (row) => row.a.category },
  { header: 'Type', value: (row) => csvLabel(row.a.type) },
  { header: 'Level', value: (row) => csvLabel(row.a.level) },
  { header: 'Event', value: (row) => row.eventTitle },
  { header: 'Date achieved', value: (row) => row.a.dateAchieved },
  { header: 'Position', value: (row) => row.a.position },
];

/** The endorsement panel's achievements queue as CSV, as userSkillsExport. */
export async function achievementsExport(
  db: Database,
  reviewer: Reviewer,
  query: EndorsementExportQuery,
  timeZone: string,
) {
  const { where } = await achievementQueue(db, reviewer, query, timeZone);
  const read: PageReader<AchievementRow> = (last) =>
    achievementRows(db)
      .where(
        and(
          where,
          after(
            achievements.createdAt,
            achievements.id,
            last && { cursorAt: last.cursorAt, id: last.a.id },
          ),
        ),
      )
      .orderBy(asc(achievements.createdAt), asc(achievements.id))
      .limit(EXPORT_PAGE_SIZE);
  const subjects = sql`select distinct ${achievements.userId} as user_id from ${achievements}
    join ${users} on ${users.id} = ${achievements.userId}
    left join ${events} on ${events.id} = ${achievements.eventId} where ${where ?? sql`true`}`;
  return { read: readAhead(read), columns: ACHIEVEMENT_COLUMNS, subjects };
}
