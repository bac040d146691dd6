import {
  attendanceCheckLine,
  attendanceLine,
  membershipCheckLine,
  membershipPeriodLine,
  type TranscriptAchievement,
  type TranscriptAttendance,
  type TranscriptMembership,
  type TranscriptPosition,
  type TranscriptSkill,
} from '@cosa/contracts';
import { formatDate, formatDayMonthYear, formatMonthYear } from '../../lib/format';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A calendar date ('2025-03-05') is the same day everywhere, so it is read in UTC. */
const calendarDate = (value: string) => formatDayMonthYear(value, 'UTC');

/** 'Verified by Ishita Reddy on 10 Mar 2025', without what is not known; null when nobody is named. */
function byLine(
  verb: string,
  name: string | null,
  at: string | null,
  timeZone: string | undefined,
): string | null {
  if (!name) return null;
  return at ? `${verb} by ${name} on ${formatDayMonthYear(at, timeZone)}` : `${verb} by ${name}`;
}

const joined = (parts: readonly (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** What a record shows under its title: its details and who checked it. */
export type RecordLines = { details: string; checkedBy: string | null };

export function achievementLines(achievement: TranscriptAchievement, timeZone?: string): RecordLines {
  return {
    details: joined([
      calendarDate(achievement.dateAchieved),
      capitalised(achievement.type),
      achievement.category,
      achievement.level ? capitalised(achievement.level) : null,
      achievement.position,
    ]),
    checkedBy: byLine('Verified', achievement.verifiedBy, achievement.verifiedAt, timeZone),
  };
}

export function positionLines(position: TranscriptPosition, timeZone?: string): RecordLines {
  return {
    details: joined([
      position.unit,
      `Tenure ${position.tenureYear}`,
      position.appointmentDate ? `Appointed ${calendarDate(position.appointmentDate)}` : null,
    ]),
    checkedBy: byLine('Verified', position.verifiedBy, position.verifiedAt, timeZone),
  };
}

export function skillLines(skill: TranscriptSkill, timeZone?: string): RecordLines {
  return {
    details: joined([skill.category, capitalised(skill.type), capitalised(skill.proficiencyLevel)]),
    checkedBy: byLine('Endorsed', skill.endorsedBy, skill.endorsedAt, timeZone),
  };
}

/** 'Attended Robotics workshop on 15 Aug 2025': the day of the check-in on the institute's clock. */
export const attendanceTitle = (item: TranscriptAttendance, timeZone?: string): string =>
  attendanceLine(item.title, formatDate(item.checkedInAt, timeZone));

/** Attendance needs no official: the check-in verifies it, and names who made it. */
export function attendanceLines(item: TranscriptAttendance): RecordLines {
  return { details: '', checkedBy: attendanceCheckLine(item.checkedInBy) };
}

/**
 * 'Member, Coding Club, Aug 2025 – May 2026'; 'Aug 2025 – present' for a membership that lasted
 * at issue. The months are read on the institute's clock.
 */
export const membershipTitle = (item: TranscriptMembership, timeZone?: string): string =>
  membershipPeriodLine(
    item.role,
    item.club,
    formatMonthYear(item.startedAt, timeZone),
    item.endedAt ? formatMonthYear(item.endedAt, timeZone) : null,
  );

/** A membership is the club's own record, accepted by its coordinator: verified by the club. */
export function membershipLines(item: TranscriptMembership): RecordLines {
  return { details: '', checkedBy: membershipCheckLine(item.club) };
}

/** '1 achievement', '2 positions', '3 skills'. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
