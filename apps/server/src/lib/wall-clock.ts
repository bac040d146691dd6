/** An instant on a time zone's clock, each part as digits ('2026', '03', '09', '14', '05') and the offset ('UTC+05:30'). */
export type ZonedParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  offset: string;
};

/** One formatter per time zone: making one costs more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Reads an instant on a time zone's wall clock (24-hour, zero-padded). */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    offset: (part('timeZoneName') || 'GMT').replace('GMT', 'UTC'),
  };
}
