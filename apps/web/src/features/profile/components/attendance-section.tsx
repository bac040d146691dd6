import { Link } from 'react-router';
import {
  ATTENDANCE_MESSAGES,
  attendanceCheckLine,
  attendanceLine,
  type AttendanceRecord,
} from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The events the door checked the user in at: attendance on their record, latest first. */
export function AttendanceSection({ attendance }: { attendance: AttendanceRecord[] }) {
  return (
    <Card aria-labelledby="profile-attendance">
      <h2 id="profile-attendance" className="mb-4 text-lg font-semibold text-ink">
        {ATTENDANCE_MESSAGES.heading}
      </h2>
      {attendance.length === 0 ? (
        <p className="text-sm text-ink-muted">{ATTENDANCE_MESSAGES.none}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line-soft">
          {attendance.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <Link
                to={paths.event(item.event.id)}
                className="font-medium break-words text-accent-ink underline underline-offset-2"
              >
                {attendanceLine(item.event.title, formatDate(item.checkedInAt))}
              </Link>
              <span className="text-sm break-words text-ink-muted">
                {attendanceCheckLine(item.checkedInBy)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
