import { z } from 'zod';

/*
 * Attendance on the record: a confirmed registration checked in at the door, of an approved event
 * that was not cancelled, is a participation record of the student's, verified by the check-in.
 * The profile, a person's page and the transcript word it alike through these functions.
 */

export const ATTENDANCE_MESSAGES = {
  heading: 'Events attended',
  none: 'No events attended yet.',
} as const;

/** One event the person was checked in at: the registration's id, the event, when and by whom. */
export const AttendanceRecordSchema = z.object({
  id: z.string(),
  event: z.object({ id: z.string(), title: z.string() }),
  /** When the door checked them in (ISO 8601); its day, on the institute's clock, is the day attended. */
  checkedInAt: z.string(),
  /** Who checked them in, as the institute names them; null when that account is gone. */
  checkedInBy: z.string().nullable(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;

/**
 * 'Attended Robotics Workshop on 5 Nov 2026'. `day` is the check-in's day on the institute's clock,
 * written by the caller's formatter (the web's, or the printed transcript's).
 */
export function attendanceLine(title: string, day: string): string {
  return `Attended ${title} on ${day}`;
}

/** 'Verified by check-in, checked in by Kavya Menon'; without the name when nobody is named. */
export function attendanceCheckLine(checkedInBy: string | null): string {
  return checkedInBy ? `Verified by check-in, checked in by ${checkedInBy}` : 'Verified by check-in';
}
