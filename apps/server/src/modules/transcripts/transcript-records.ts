import { and, asc, desc, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TranscriptAchievement,
  TranscriptPosition,
  TranscriptSkill,
  TranscriptStudent,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  orgUnits,
  positionHolders,
  positions,
  skills,
  studentProfiles,
  userSkills,
  users,
} from '../../db/schema/index';
import { isWithdrawn } from './record-withdrawals.service';
import { instituteNameOf } from '../../db/institute-name';

type Reader = Pick<Database, 'select'>;

/** Who verified or endorsed a record, named as the institute names them (their official name). */
const verifier = alias(users, 'verifier');
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** Only verified achievements count; ids narrow them to the chosen ones. */
export async function verifiedAchievements(
  db: Reader,
  userId: string,
  ids?: string[],
): Promise<TranscriptAchievement[]> {
  const rows = await db
    .select({
      id: achievements.id,
      code: achievements.achievementCode,
      title: achievements.title,
      type: achievements.type,
      category: achievements.category,
      level: achievements.level,
      position: achievements.position,
      dateAchieved: achievements.dateAchieved,
      verifiedBy: instituteNameOf(verifier),
      verifiedAt: achievements.verifiedAt,
    })
    .from(achievements)
    .leftJoin(verifier, eq(verifier.id, achievements.verifiedBy))
    .where(
      and(
        eq(achievements.userId, userId),
        eq(achievements.verified, true),
        not(isWithdrawn('achievement', achievements.id)),
        ids ? inArray(achievements.id, ids) : undefined,
      ),
    )
    .orderBy(desc(achievements.dateAchieved), asc(achievements.achievementCode));
  return rows.map((row) => ({ ...row, verifiedAt: iso(row.verifiedAt) }));
}

/**
 * A verified position counts unless its holder was removed from it (terminated) or the institute
 * withdrew it; a verified achievement unless withdrawn (record-withdrawals).
 */
const countedPosition: SQL = and(
  eq(positionHolders.verification, 'verified'),
  ne(positionHolders.status, 'terminated'),
  not(isWithdrawn('position', positionHolders.id)),
)!;

export async function verifiedPositions(
  db: Reader,
  userId: string,
  ids?: string[],
): Promise<TranscriptPosition[]> {
  const rows = await db
    .select({
      id: positionHolders.id,
      code: positionHolders.porCode,
      title: positions.title,
      unit: orgUnits.name,
      tenureYear: positionHolders.tenureYear,
      appointmentDate: positionHolders.appointmentDate,
      verifiedBy: instituteNameOf(verifier),
      verifiedAt: positionHolders.verifiedAt,
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
    // An appointment by an official is verified by that official; a self-declared one by its reviewer.
    .leftJoin(
      verifier,
      eq(verifier.id, sql`coalesce(${positionHolders.verifiedBy}, ${positionHolders.appointedBy})`),
    )
    .where(
      and(
        eq(positionHolders.userId, userId),
        countedPosition,
        ids ? inArray(positionHolders.id, ids) : undefined,
      ),
    )
    .orderBy(desc(positionHolders.tenureYear), asc(positions.title), asc(positionHolders.porCode));
  return rows.map((row) => ({ ...row, verifiedAt: iso(row.verifiedAt) }));
}

export async function endorsedSkills(
  db: Reader,
  userId: string,
  ids?: string[],
): Promise<TranscriptSkill[]> {
  const rows = await db
    .select({
      id: userSkills.id,
      name: skills.name,
      category: skills.category,
      type: skills.type,
      proficiencyLevel: userSkills.proficiencyLevel,
      endorsedBy: instituteNameOf(verifier),
      endorsedAt: userSkills.endorsedAt,
    })
    .from(userSkills)
    .innerJoin(skills, eq(skills.id, userSkills.skillId))
    .leftJoin(verifier, eq(verifier.id, userSkills.endorsedBy))
    .where(
      and(
        eq(userSkills.userId, userId),
        eq(userSkills.isEndorsed, true),
        ids ? inArray(userSkills.id, ids) : undefined,
      ),
    )
    .orderBy(asc(skills.type), asc(skills.name));
  return rows.map((row) => ({ ...row, endorsedAt: iso(row.endorsedAt) }));
}

/** How many of the student's records still wait for an official. */
export async function pendingCounts(
  db: Reader,
  userId: string,
): Promise<{ achievements: number; positions: number; skills: number }> {
  const [row] = await db
    .select({
      achievements: sql<number>`(select count(*) from ${achievements} where ${achievements.userId} = ${userId} and not ${achievements.verified} and ${achievements.declinedAt} is null)::int`,
      positions: sql<number>`(select count(*) from ${positionHolders} where ${positionHolders.userId} = ${userId} and ${positionHolders.verification} in ('self_declared', 'pending'))::int`,
      skills: sql<number>`(select count(*) from ${userSkills} where ${userSkills.userId} = ${userId} and not ${userSkills.isEndorsed} and ${userSkills.declinedAt} is null)::int`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/** The student as a transcript names them: the facts the institute keeps, never the editable display name (decision 0015). */
export async function transcriptStudent(db: Reader, userId: string): Promise<TranscriptStudent> {
  const [row] = await db
    .select({
      name: sql<string>`${instituteNameOf(users)}`,
      studentId: users.studentId,
      program: studentProfiles.program,
      discipline: studentProfiles.branch,
      batchYear: studentProfiles.batchYear,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? { name: '', studentId: null, program: null, discipline: null, batchYear: null };
}
