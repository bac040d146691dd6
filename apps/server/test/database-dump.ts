import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

/**
 * A logical dump of the embedded database: every row of every table of every schema (the portal's,
 * the job queue's, the migrations' own), each as PostgreSQL writes a row as text (bytea as hex).
 */
export async function dumpEveryTable(db: Database): Promise<string> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`
      select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      order by 1, 2`),
  );
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(
        sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
    );
    parts.push(`-- ${schema}.${name}`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The texts of `needles` the dump holds, case-insensitively, as text or as the hex of bytea. */
export function foundIn(dump: string, needles: readonly string[]): string[] {
  const lower = dump.toLowerCase();
  const hex = (text: string) => Buffer.from(text).toString('hex');
  return needles.filter(
    (needle) =>
      lower.includes(needle.toLowerCase()) ||
      lower.includes(hex(needle)) ||
      lower.includes(hex(needle.toLowerCase())),
  );
}
