// What the factories share: a sequence number that makes each row unique, and small row helpers.

export const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;
/** A number no earlier call returned, for names and codes that must be unique. */
export const next = () => (counter += 1);

/** The one row an insert returned. */
export function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/** 'YYYY-MM-DD' of a date in UTC. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
