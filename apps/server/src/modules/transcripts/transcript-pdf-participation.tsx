// Pinned here as well as in tsconfig: tsx started from the repository root does not read
// apps/server/tsconfig.json, and would otherwise compile JSX to React.createElement.
/** @jsxRuntime automatic @jsxImportSource react */
import {
  attendanceCheckLine,
  attendanceLine,
  instituteMonthYear,
  membershipCheckLine,
  membershipPeriodLine,
  type TranscriptAttendance,
  type TranscriptMembership,
} from '@cosa/contracts';
import { formatDayIn, MISSING } from './transcript-pdf-format';
import { Record } from './transcript-pdf-parts';

/*
 * The records no official checks: events attended (verified by the check-in at the door) and club
 * memberships (the club's own record, accepted by its coordinator).
 */

/** An event attended: the day of the check-in on the institute's clock, and who checked them in. */
export function AttendanceRecord({ item, timeZone }: { item: TranscriptAttendance; timeZone: string }) {
  const day = formatDayIn(item.checkedInAt, timeZone);
  return (
    <Record
      title={attendanceLine(item.title, day)}
      date={null}
      lines={[attendanceCheckLine(item.checkedInBy)]}
    />
  );
}

const monthOf = (instant: string, timeZone: string) => instituteMonthYear(instant, timeZone) ?? MISSING;

/**
 * A club membership: 'Member, Coding Club, Aug 2025 – May 2026' ('Aug 2025 – present' when it
 * lasted at issue), the months on the institute's clock, verified by the club.
 */
export function MembershipRecord({ item, timeZone }: { item: TranscriptMembership; timeZone: string }) {
  const until = item.endedAt ? monthOf(item.endedAt, timeZone) : null;
  return (
    <Record
      title={membershipPeriodLine(item.role, item.club, monthOf(item.startedAt, timeZone), until)}
      date={null}
      lines={[membershipCheckLine(item.club)]}
    />
  );
}
