import { eq } from 'drizzle-orm';
import {
  cgpaText,
  COUNCIL_DIRECTORY_MESSAGES,
  POSITION_ADMIN_MESSAGES,
  yearOfStudyOf,
  yearOrdinal,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { positions, skills, studentProfiles, userSkills } from '../../db/schema/index';

/** What a position asks of its holder. */
export type Requirements = { minCgpa: number; minYear: number; skillsRequired: readonly string[] };

/**
 * The parts of a person's record the requirements are checked against: the institute's CGPA and
 * the year of study its admission year gives (decision 0015), never the CGPA or year the student
 * typed on the profile; and the skills on their record.
 */
export type RecordForRequirements = {
  cgpa: number | null;
  yearOfStudy: number | null;
  skills: ReadonlySet<string>;
};

const skillKey = (name: string) => name.trim().toLowerCase();

/** A person's institute CGPA, year of study (on the institute's clock at `now`) and skill names (lower case), read once for any number of positions. */
export async function recordForRequirements(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<RecordForRequirements> {
  const [[profile], held] = await Promise.all([
    db
      .select({ cgpa: studentProfiles.instituteCgpa, admissionYear: studentProfiles.batchYear })
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
    yearOfStudy: yearOfStudyOf(profile?.admissionYear ?? null, now),
    skills: new Set(held.map((row) => skillKey(row.name))),
  };
}

/**
 * Who reads the gaps: an official deciding an appointment learns that a record falls short, never
 * the figures in it; the student reading their own record sees their figures.
 */
export type GapReader = 'official' | 'own';

/**
 * Where a record falls short of requirements (minimum CGPA, minimum year of study, required skills
 * by name, case-insensitive), as messages keyed cgpa, year and skills; empty when it meets them.
 * No CGPA or no admission year on the institute's record falls short of any minimum.
 */
export function gapsOf(
  requirements: Requirements,
  record: RecordForRequirements,
  reader: GapReader = 'official',
): Record<string, string> {
  const fields: Record<string, string> = {};
  const { cgpa, yearOfStudy } = record;
  if (requirements.minCgpa > 0 && (cgpa === null || cgpa < requirements.minCgpa)) {
    fields.cgpa =
      reader === 'own'
        ? COUNCIL_DIRECTORY_MESSAGES.cgpaShort(cgpa, cgpaText(requirements.minCgpa))
        : POSITION_ADMIN_MESSAGES.cgpaShort(cgpa, requirements.minCgpa);
  }
  if (requirements.minYear > 1 && (yearOfStudy === null || yearOfStudy < requirements.minYear)) {
    const min = yearOrdinal(requirements.minYear);
    fields.year =
      reader === 'own'
        ? COUNCIL_DIRECTORY_MESSAGES.yearShort(yearOfStudy, min)
        : POSITION_ADMIN_MESSAGES.yearShort(yearOfStudy, min);
  }
  const missing = requirements.skillsRequired.filter((skill) => !record.skills.has(skillKey(skill)));
  if (missing.length > 0) fields.skills = POSITION_ADMIN_MESSAGES.skillsShort(missing);
  return fields;
}

/** Where a person's record falls short of a position's requirements, as an official reads it; empty when it meets them or the position is gone. */
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
