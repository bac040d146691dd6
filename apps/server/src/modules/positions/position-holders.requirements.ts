import { eq } from 'drizzle-orm';
import { POSITION_ADMIN_MESSAGES, yearOrdinal } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { positions, skills, studentProfiles, userSkills } from '../../db/schema/index';
import { yearNumber } from './positions.policy';

/** What a position asks of its holder. */
export type Requirements = { minCgpa: number; minYear: number; skillsRequired: readonly string[] };

/** The parts of a person's record the requirements are checked against. */
export type RecordForRequirements = {
  cgpa: number | null;
  currentYear: string | null;
  skills: ReadonlySet<string>;
};

const skillKey = (name: string) => name.trim().toLowerCase();

/** A person's CGPA, year of study and skill names (lower case), read once for any number of positions. */
export async function recordForRequirements(
  db: Database,
  userId: string,
): Promise<RecordForRequirements> {
  const [[profile], held] = await Promise.all([
    db
      .select({ cgpa: studentProfiles.cgpa, currentYear: studentProfiles.currentYear })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, userId))
      .limit(1),
    db
      .select({ name: skills.name })
      .from(userSkills)
      .innerJoin(skills, eq(skills.id, userSkills.skillId))
      .where(eq(userSkills.userId, userId)),
  ]);
  return {
    cgpa: profile?.cgpa ?? null,
    currentYear: profile?.currentYear ?? null,
    skills: new Set(held.map((row) => skillKey(row.name))),
  };
}

/**
 * Where a record falls short of requirements (minimum CGPA, minimum year of study, required skills
 * by name, case-insensitive), as messages keyed cgpa, year and skills; empty when it meets them.
 */
export function gapsOf(
  requirements: Requirements,
  record: RecordForRequirements,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const { cgpa, currentYear } = record;
  if (requirements.minCgpa > 0 && (cgpa === null || cgpa < requirements.minCgpa))
    fields.cgpa = POSITION_ADMIN_MESSAGES.cgpaShort(cgpa, requirements.minCgpa);
  const year = yearNumber(currentYear);
  if (requirements.minYear > 1 && (year === null || year < requirements.minYear)) {
    fields.year = POSITION_ADMIN_MESSAGES.yearShort(currentYear, yearOrdinal(requirements.minYear));
  }
  const missing = requirements.skillsRequired.filter((skill) => !record.skills.has(skillKey(skill)));
  if (missing.length > 0) fields.skills = POSITION_ADMIN_MESSAGES.skillsShort(missing);
  return fields;
}

/** Where a person's record falls short of a position's requirements; empty when it meets them or the position is gone. */
export async function shortfallOf(
  db: Database,
  userId: string,
  positionId: string,
): Promise<Record<string, string>> {
  const [[position], record] = await Promise.all([
    db
      .select({
        minCgpa: positions.minCgpa,
        minYear: positions.minYear,
        skillsRequired: positions.skillsRequired,
      })
      .from(positions)
      .where(eq(positions.id, positionId))
      .limit(1),
    recordForRequirements(db, userId),
  ]);
  return position ? gapsOf(position, record) : {};
}
