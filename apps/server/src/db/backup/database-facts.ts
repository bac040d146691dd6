import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRows } from '../client';
import type { ManifestFacts } from './backup-file';

export type DatabaseFacts = Omit<ManifestFacts, 'createdAt' | 'database'> & {
  serverVersion: string;
  serverMajor: number;
};

const JOURNAL = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'migrations',
  'meta',
  '_journal.json',
);

/** When the newest migration this portal knows was written (the journal's `when`): a backup past it comes from a newer portal. */
export function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Rows of every table in the public schema, by name. */
export async function rowCounts(query: SqlRows): Promise<Record<string, number>> {
  const tables = (
    await query(
      "select tablename::text as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => String(row.name));
  if (tables.length === 0) return {};
  const counts = await query(
    tables
      .map(
        (name) =>
          `select ${quoteLiteral(name)} as name, count(*)::int as n from public.${quoteIdentifier(name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(counts.map((row) => [String(row.name), Number(row.n)]));
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The database's version, schema and row counts, as the manifest records them. */
export async function databaseFacts(query: SqlRows): Promise<DatabaseFacts> {
  const [version] = await query(
    "select current_setting('server_version') as version, current_setting('server_version_num')::int as num",
  );
  const [migrations] = await query(
    "select case when to_regclass('drizzle.__drizzle_migrations') is null then null else 1 end as present",
  );
  let applied = { n: 0, last: null as number | null };
  if (migrations?.present !== null && migrations?.present !== undefined) {
    const [row] = await query(
      'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    applied = { n: Number(row?.n ?? 0), last: row?.last ? Number(row.last) : null };
  }
  return {
    serverVersion: String(version?.version ?? ''),
    serverMajor: Math.floor(Number(version?.num ?? 0) / 10_000),
    schema: { migrations: applied.n, lastMigrationAt: applied.last },
    rows: await rowCounts(query),
  };
}
