import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

type Row = Record<string, unknown>;

/**
 * One INSERT of many rows with one array parameter per column (INSERT … SELECT FROM unnest(…)):
 * a fraction of the work of binding every value of every row. Null when the rows cannot be sent
 * so: a column some rows give and others leave to its default, or a column that is itself an array.
 */
function unnestInsert(table: PgTable, rows: readonly Row[]): SQL | null {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => rows.some((row) => row[key] !== undefined));
  if (rows.some((row) => keys.some((key) => row[key] === undefined))) return null;
  const parts = keys.map((key) => {
    const column = columns[key]!;
    return {
      name: column.name,
      type: column.getSQLType(),
      values: rows.map((row) => (row[key] === null ? null : column.mapToDriverValue(row[key]))),
    };
  });
  if (parts.some((part) => part.type.endsWith(']'))) return null;
  const names = sql.join(
    parts.map((part) => sql.identifier(part.name)),
    sql`, `,
  );
  const arrays = sql.join(
    parts.map((part) => sql`${sql.param(part.values)}::${sql.raw(part.type)}[]`),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select * from unnest(${arrays})`;
}

/**
 * Inserts rows with multi-row INSERT statements of `size` rows each. The next statement is built
 * and queued on the connection while the database runs the one before, so the two work side by
 * side; a failure stops the load at the first statement that failed.
 */
export async function insertInBatches<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { size?: number; onBatch?: (done: number) => void } = {},
): Promise<void> {
  const size = options.size ?? 1000;
  let previous: Promise<void> = Promise.resolve();
  for (let offset = 0; offset < rows.length; offset += size) {
    const chunk = rows.slice(offset, offset + size);
    const statement = unnestInsert(table, chunk as readonly Row[]);
    const running = statement
      ? db.execute(statement).then(() => undefined)
      : db
          .insert(table)
          .values(chunk as T['$inferInsert'][])
          .execute()
          .then(() => undefined);
    // Handled here, reported by the await of its turn.
    running.catch(() => undefined);
    await previous;
    const done = offset + chunk.length;
    previous = running.then(() => options.onBatch?.(done));
  }
  await previous;
}
