import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { PageReader } from './csv-export';

/**
 * A timestamp as the cursor of a keyset page, in PostgreSQL's own text: a JavaScript Date keeps
 * milliseconds only, so a cursor made from one would skip or repeat rows that differ in the
 * microseconds PostgreSQL stores.
 */
export const cursorText = (column: SQLWrapper) => sql<string>`(${column})::text`;

/** A sort key of a keyset: its column, the last row's value (a cursor's text for a timestamp) and its direction. */
type Key = {
  column: SQLWrapper;
  value: string;
  direction: 'asc' | 'desc';
  cast: 'timestamptz' | 'date' | 'time' | 'uuid';
};

/**
 * Rows strictly after the last row written, in an order by these keys (none of them null). The
 * first key also bounds the rows on its own, so the index of that key serves every page.
 */
export function keysetAfter(keys: readonly [Key, ...Key[]]): SQL {
  const value = (key: Key) => sql`${key.value}::${sql.raw(key.cast)}`;
  const beyond = (key: Key) =>
    key.direction === 'asc' ? sql`${key.column} > ${value(key)}` : sql`${key.column} < ${value(key)}`;
  // key1 beyond, or key1 equal and key2 beyond, ... : built from the last key backwards.
  let rest: SQL = beyond(keys[keys.length - 1]!);
  for (let index = keys.length - 2; index >= 0; index -= 1) {
    const key = keys[index]!;
    rest = sql`(${beyond(key)} or (${key.column} = ${value(key)} and ${rest}))`;
  }
  const first = keys[0];
  const bound =
    first.direction === 'asc'
      ? sql`${first.column} >= ${value(first)}`
      : sql`${first.column} <= ${value(first)}`;
  return sql`(${bound} and ${rest})`;
}

/**
 * Reads the next page while the current one is written out, so the database works on page n+1
 * while the CSV of page n is formed and sent; at most two pages are held at once.
 */
export function readAhead<Row>(read: PageReader<Row>): PageReader<Row> {
  let ahead: { after: Row; page: Promise<readonly Row[]> } | null = null;
  return async (last) => {
    const page = ahead !== null && ahead.after === last ? await ahead.page : await read(last);
    const tail = page.at(-1);
    if (tail === undefined) {
      ahead = null;
      return page;
    }
    // A native promise: a query builder runs its statement again each time it is awaited.
    const next = Promise.resolve(read(tail));
    // A download the client abandoned never awaits this page: its failure must not go unhandled.
    next.catch(() => undefined);
    ahead = { after: tail, page: next };
    return page;
  };
}

/**
 * Runs each page's statement on a plan PostgreSQL keeps for the connection. A page of many joins
 * takes longer to plan than to run, and each page's new cursor would otherwise have it planned
 * again; the kept plan reads the same indexes, the cursor being a bound like any other.
 */
export function onKeptPlan<Row>(
  db: Database,
  read: (tx: Database, last: Row | null) => PromiseLike<readonly Row[]>,
): PageReader<Row> {
  return (last) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      return read(tx, last);
    });
}
