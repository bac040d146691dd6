import { sql, type SQL } from 'drizzle-orm';
import { customType, numeric, timestamp, type AnyPgColumn, type PgSequence } from 'drizzle-orm/pg-core';

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`, refreshed by Drizzle on every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Rupees as `numeric(12,2)`, read back as a JavaScript number (exact to the paisa at this size). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A CGPA as `numeric(4,2)`. */
export const cgpaColumn = (name: string) => numeric(name, { precision: 4, scale: 2, mode: 'number' });

function literal(value: string): SQL {
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/** `column in ('a', 'b', ...)` with the values inlined, for CHECK constraints built from the contracts. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(values.map(literal), sql`, `)})`;
}

/**
 * Default for a readable id such as 'POS-00001': prefix and a sequence number zero-padded to `width`
 * digits. to_char grows past the width instead of truncating the way lpad would.
 */
export function readableCode(prefix: string, sequence: PgSequence, width: number): SQL {
  const format = `FM${'9'.repeat(18 - width)}${'0'.repeat(width)}`;
  return sql.raw(`('${prefix}' || to_char(nextval('${sequence.seqName}'), '${format}'))`);
}

/**
 * The words of a text for full-text search, in the 'simple' configuration (no stemming: names and
 * titles in several languages, matched by prefix). The global search ranks a record's name by it.
 */
export function searchDocument(...columns: AnyPgColumn[]): SQL {
  const texts = columns.map((column) => sql`coalesce(${column}, '')`);
  return sql`to_tsvector('simple'::regconfig, ${sql.join(texts, sql` || ' ' || `)})`;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A record's words for the global search, kept by PostgreSQL in a generated column with a GIN
 * index on it: the columns named, joined as searchDocument joins them. Stored, a match is read
 * from the row instead of parsing the record's description again for every row the index finds.
 */
export const searchDocumentColumn = (...columnNames: string[]) =>
  tsvector('search_document').generatedAlwaysAs(
    sql.raw(
      `to_tsvector('simple'::regconfig, ${columnNames.map((name) => `coalesce(${name}, '')`).join(` || ' ' || `)})`,
    ),
  );
