import { desc, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_KIND, type SearchResult } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { containsPattern } from '../../lib/search';
import { searchDocument } from '../../db/schema/helpers';
import { prefixQueryOf } from './search.policy';

/** The results of one kind: the first few and how many match in all. */
export type Found = { total: number; items: SearchResult[] };

/** Results are few; a window count gives the total in the statement that finds them. */
export const totalColumn = sql<number>`(count(*) over ())::int`;

export const LIMIT = SEARCH_RESULTS_PER_KIND;

/**
 * Near misses (trigram word similarity) need a few letters: two or three letters are close to half
 * the names of a campus, and checking them all costs more than the search is worth.
 */
const FUZZY_MIN_LENGTH = 4;

/** `text <% column` (close to part of it) when the text is long enough for near misses; else nothing. */
export const closeTo = (q: string, column: AnyPgColumn) =>
  q.length >= FUZZY_MIN_LENGTH ? sql`${q}::text <% ${column}` : sql`false`;

/** The text is in the name, or close to part of it (both through the name's trigram index). */
export const nameMatches = (q: string, name: AnyPgColumn): SQL =>
  or(ilike(name, containsPattern(q)), closeTo(q, name))!;

/**
 * Students whose name or username contains the text (through the search key's trigram index): the
 * first SEARCH_COUNT_LIMIT of them, as the people search reads them, so a broad fragment ('sha')
 * does not check the queue for thousands of students. A derived table that the items join by
 * their student's index: written as `user_id in (...)`, the planner hashes the few hundred ids
 * against a scan of every item (33 ms against 12 ms for a secretary's 'sha' at 20,000 students).
 */
export const studentsNamed = (db: Database, q: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(like(users.searchKey, sql`lower(${containsPattern(q)})`))
    .limit(SEARCH_COUNT_LIMIT)
    .as('named');

/**
 * A record matches when its words start with the words typed (full text, from the GIN index of its
 * stored search document) or, failing that, when the typed text is close to part of its name (trigram word
 * similarity, from the name's trigram index: 'robtics' finds 'Robotics Club'). Names whose words
 * start with the words typed rank first, then the closest names: the rank reads the name alone,
 * as a match in a long description would cost a second parse of it for every row found (a third
 * of an events search for 'club', which most events mention).
 */
export function textMatch(q: string, name: AnyPgColumn, document: AnyPgColumn | SQL) {
  const query = prefixQueryOf(q);
  const fuzzy = closeTo(q, name);
  if (!query) {
    return { where: fuzzy, order: desc(sql`word_similarity(${q}::text, ${name})`) };
  }
  const tsquery = sql`to_tsquery('simple', ${query}::text)`;
  const full = sql`${document} @@ ${tsquery}`;
  const inName = sql`${searchDocument(name)} @@ ${tsquery}`;
  return {
    where: sql`(${full} or ${fuzzy})`,
    order: desc(sql`(case when ${inName} then 1 else 0 end) + word_similarity(${q}::text, ${name})`),
  };
}

/** `[label, detail…]` parts joined by a middle dot, leaving out the empty ones; null when none. */
export const detailOf = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter(Boolean).join(' · ') || null;

/** Rows with the window total into a group. */
export function foundOf<Row extends { total: number }>(
  rows: Row[],
  toResult: (row: Row) => SearchResult,
): Found {
  return { total: rows[0]?.total ?? 0, items: rows.map(toResult) };
}
