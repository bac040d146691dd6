import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/** Inserts rows with multi-row INSERT statements of `size` rows each. */
export async function insertInBatches<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { size?: number; onBatch?: (done: number) => void } = {},
): Promise<void> {
  const size = options.size ?? 1000;
  for (let offset = 0; offset < rows.length; offset += size) {
    const chunk = rows.slice(offset, offset + size);
    await db.insert(table).values(chunk as T['$inferInsert'][]);
    options.onBatch?.(offset + chunk.length);
  }
}
