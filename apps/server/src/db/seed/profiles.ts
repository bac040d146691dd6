import { DISCIPLINES, HOSTELS } from '@cosa/contracts';
import type { NewStudentProfile } from '../schema/index';
import { academicYearStart, currentYearOf } from './dates';
import type { Random } from './random';

export type Program = 'B.Tech' | 'M.Tech' | 'MSc' | 'PhD';

const PROGRAM_YEARS: Record<Program, number> = { 'B.Tech': 4, 'M.Tech': 2, MSc: 2, PhD: 5 };
const SCIENCES: readonly string[] = ['Mathematics', 'Physics', 'Chemistry'];
const ENGINEERING = DISCIPLINES.filter((discipline) => !SCIENCES.includes(discipline));
const HOSTEL_NAMES = HOSTELS.filter((hostel) => hostel !== 'None');

/** A believable student profile; given fields win over generated ones. */
export function randomProfile(
  random: Random,
  now: Date,
  person: {
    gender: 'Male' | 'Female';
    handle: string;
    year?: number;
    program?: Program;
    branch?: string;
  },
): Omit<NewStudentProfile, 'userId'> & { batchYear: number } {
  const program =
    person.program ??
    random.weighted<Program>([
      ['B.Tech', 80],
      ['M.Tech', 8],
      ['MSc', 7],
      ['PhD', 5],
    ]);
  const year = Math.min(
    person.year ?? random.int(1, 4),
    program === 'M.Tech' || program === 'MSc' ? 2 : 4,
  );
  const batchYear = academicYearStart(now) - year + 1;
  const branch =
    person.branch ??
    random.pick(program === 'MSc' ? SCIENCES : program === 'PhD' ? DISCIPLINES : ENGINEERING);
  const profile: Omit<NewStudentProfile, 'userId'> & { batchYear: number } = {
    phone: `${random.pick(['9', '8', '7', '6'])}${random.int(100_000_000, 999_999_999)}`,
    gender: person.gender,
    dateOfBirth: `${batchYear - (program === 'B.Tech' ? 18 : 22)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    batchYear,
    program,
    branch,
    currentYear: currentYearOf(now, batchYear, PROGRAM_YEARS[program]),
    cgpa: random.int(560, 990) / 100,
    hostel: program === 'PhD' && random.chance(0.3) ? 'None' : random.pick(HOSTEL_NAMES),
    roomNumber: `${random.pick(['A', 'B', 'C', 'D'])}-${random.int(1, 4)}${String(random.int(1, 40)).padStart(2, '0')}`,
    githubUrl: random.chance(0.45) ? `https://github.com/${person.handle}` : null,
    linkedinUrl: random.chance(0.35) ? `https://www.linkedin.com/in/${person.handle}` : null,
  };
  // The institute's CGPA, which eligibility reads (decision 0015): the student states the same one.
  return { ...profile, instituteCgpa: profile.cgpa ?? null };
}
