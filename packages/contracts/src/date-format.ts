/*
 * The portal's one style for dates and times outside the formats the spec fixes (decision 0025):
 * day, abbreviated month and year, then a 24-hour time, on the institute's clock:
 * '5 Nov 2026' and '5 Nov 2026, 18:30'. Pages (apps/web/src/lib/format.ts) and the server's texts
 * (e-mails, the audit log) both write dates through these functions.
 */

// Spelled out here: Intl's en-GB month names differ between builds ('Sep' or 'Sept').
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The fields of a wall clock: the day an instant falls on in a time zone, and its time. */
type Wall = { year: number; month: number; day: number; weekday: number; hour: number; minute: number };

const clocks = new Map<string, Intl.DateTimeFormat>();

function wallOf(instant: Date, timeZone: string): Wall {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/**
 * The wall clock of a value: a calendar date ('2026-11-05') names a day, so no time zone moves it;
 * anything else is an instant read on the given zone's clock. Null when missing or not a date.
 */
function wallClockOf(value: Date | string | number, timeZone: string): Wall | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value);
    if (day) {
      const date = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(date.getTime())) return null;
      return { ...wallOf(date, 'UTC'), hour: 0, minute: 0 };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : wallOf(date, timeZone);
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayText = (wall: Wall) => `${wall.day} ${MONTHS[wall.month - 1]} ${wall.year}`;
const timeText = (wall: Wall) => `${pad(wall.hour)}:${pad(wall.minute)}`;

/** '5 Nov 2026'; null when missing or not a date. */
export function instituteDate(value: Date | string | number, timeZone: string): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && dayText(wall);
}

/** 'Nov 2026': the month and year, as a membership's period is written. */
export function instituteMonthYear(value: Date | string | number, timeZone: string): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && `${MONTHS[wall.month - 1]} ${wall.year}`;
}

/** 'Thu, 5 Nov 2026'. */
export function instituteWeekdayDate(value: Date | string | number, timeZone: string): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && `${WEEKDAYS[wall.weekday]}, ${dayText(wall)}`;
}

/** '5 Nov 2026, 18:30'. */
export function instituteDateTime(value: Date | string | number, timeZone: string): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && `${dayText(wall)}, ${timeText(wall)}`;
}

/** 'Thu, 5 Nov 2026, 18:30'. */
export function instituteWeekdayDateTime(
  value: Date | string | number,
  timeZone: string,
): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && `${WEEKDAYS[wall.weekday]}, ${dayText(wall)}, ${timeText(wall)}`;
}

/** '18:30'. */
export function instituteTime(value: Date | string | number, timeZone: string): string | null {
  const wall = wallClockOf(value, timeZone);
  return wall && timeText(wall);
}
