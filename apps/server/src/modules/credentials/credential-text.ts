/*
 * Texts a credential states, shared by the signing and by the check of credentials signed before
 * status lists (which compares what such a credential states with its record now).
 */

/** A date as a credential writes it ("12 March 2025"); a calendar date stays the day that was entered. */
export function longDate(value: Date | string, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  // A calendar date has no time of day: shown in UTC it stays the day that was entered.
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: typeof value === 'string' ? 'UTC' : timeZone,
  }).format(date);
}

/** What an achievement's credential states as its description: its own, or a summary of what it holds. */
export function achievementDescriptionOf(row: {
  description: string | null;
  position: string | null;
  category: string | null;
  level: string | null;
  /** YYYY-MM-DD */
  dateAchieved: string;
}): string {
  // Open Badges requires a description; a record without one is described by what it holds.
  const summary = [
    row.position,
    row.category,
    row.level ? `${row.level} level` : null,
    `achieved on ${longDate(row.dateAchieved, 'UTC')}`,
  ];
  return row.description?.trim() || `${summary.filter(Boolean).join(', ')}.`;
}

/** What a position's credential states as its description. */
export const positionDescriptionOf = (position: {
  title: string;
  unit: string;
  tenureYear: string;
}): string =>
  `Held the position of responsibility ${position.title} in ${position.unit} for the tenure ${position.tenureYear}.`;

/** The tenure a position's credential states, read back from its description; null when it names none. */
export function statedTenureOf(description: string | null): string | null {
  return /for the tenure (\d{4}-\d{4})\.$/.exec(description ?? '')?.[1] ?? null;
}
