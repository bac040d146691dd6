/** Business constants of the spec (sections 3, 5 and 9). */

export const DEFAULT_EMAIL_DOMAIN = 'iitbhilai.ac.in';
export { DEFAULT_TIME_ZONE } from './time-zone';

export const DISCIPLINES = [
  'Computer Science & Engineering',
  'Electrical Engineering',
  'Mechanical Engineering',
  'Civil Engineering',
  'Electronics & Communication',
  'Chemical Engineering',
  'Mathematics',
  'Physics',
  'Chemistry',
] as const;

export const PROGRAMS = ['B.Tech', 'M.Tech', 'MSc', 'PhD', 'Other'] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const HOSTELS = ['None', 'MSH', 'Indravati', 'Gopad', 'Kanhar'] as const;
export const CURRENT_YEARS = ['1st', '2nd', '3rd', '4th', '5th', 'Alumni'] as const;
export const DEFAULT_ROOMS = ['Room A', 'Room B'] as const;

export const FEEDBACK_TYPES = [
  'Suggestion',
  'Complaint',
  'General Feedback',
  'Query',
  'Appreciation',
  'Report',
  'Other',
] as const;
export const FEEDBACK_TARGET_TYPE_VALUES = ['User', 'Event', 'Club/Organization', 'POR'] as const;

export const SKILL_TYPES = ['technical', 'cultural', 'sports', 'academic'] as const;
export const PROFICIENCY_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const ACHIEVEMENT_TYPES = ['academic', 'cultural', 'sports', 'technical', 'other'] as const;
export const ACHIEVEMENT_LEVELS = ['international', 'national', 'state', 'district', 'college'] as const;
export const POSITION_STATUSES = ['active', 'completed', 'terminated'] as const;
/**
 * A position holder record appointed by a general secretary or the president is verified; one a
 * student declared (self_declared) or a club coordinator appointed (pending) waits for one of them.
 */
export const POSITION_VERIFICATIONS = ['self_declared', 'verified', 'declined', 'pending'] as const;

export const EVENT_CATEGORIES = ['cultural', 'technical', 'sports', 'academic', 'other'] as const;
export const EVENT_MODES = ['online', 'offline', 'hybrid'] as const;
export const EVENT_STATUSES = ['planned', 'ongoing', 'completed', 'cancelled'] as const;
/**
 * Where an event stands with the council: a club coordinator's proposal waits for the general
 * secretary of the club's council, who approves it, asks for changes or rejects it; officials'
 * own events are approved when made. Only approved events are shown to students.
 */
export const EVENT_APPROVALS = ['proposed', 'changes_requested', 'approved', 'rejected'] as const;
/**
 * A registration: a seat (confirmed), a place in the queue for one (waitlisted), or given up
 * (cancelled: by the student, or refused when a freed seat was offered).
 */
export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export const BOOKING_STATUSES = ['Pending', 'Approved', 'Rejected', 'Withdrawn'] as const;
/** 'transcript' lines record a student issuing or revoking a transcript; the president's list leaves them out. */
export const ACTIVITY_TYPES = ['approval', 'event', 'cosa', 'transcript', 'announcement'] as const;
/** Kinds of organizational unit: the council at the root, its councils, and their clubs. */
export const UNIT_TYPES = ['council', 'committee', 'club'] as const;

export const MIN_ADMISSION_YEAR = 2016;
const MIN_TENURE_START_YEAR = 2016;
export const MOBILE_DIGITS = 10;
export const CGPA_MIN = 0;
export const CGPA_MAX = 10;
export const MIN_YEAR_OF_STUDY = 1;
export const MAX_YEAR_OF_STUDY = 4;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_REDIRECT_MS = 2000;

/** Tenure years from 2016-2017 up to the current year's and the next (spec section 9). */
export function tenureYearOptions(now: Date = new Date()): string[] {
  const options: string[] = [];
  for (let year = MIN_TENURE_START_YEAR; year <= now.getFullYear(); year += 1)
    options.push(`${year}-${year + 1}`);
  return options;
}

/** '1st' to '4th', otherwise 'Nth Year' (spec section 9). */
export function yearOrdinal(year: number): string {
  const names: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th' };
  return names[year] ?? `${year}th Year`;
}
