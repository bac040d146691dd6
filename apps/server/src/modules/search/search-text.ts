import { desc, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SEARCH_RESULTS_PER_KIND, type SearchResult } from '@cosa/contracts';
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

/**
 * A record matches when its words start with the words typed (full text, from the GIN index of
 * searchDocument) or, failing that, when the typed text is close to part of its name (trigram word
 * similarity, from the name's trigram index: 'robtics' finds 'Robotics Club'). Whole-word matches
 * rank first, then the closest names.
 */
export function textMatch(q: string, name: AnyPgColumn, ...words: AnyPgColumn[]) {
  const query = prefixQueryOf(q);
  const fuzzy = closeTo(q, name);
  if (!query) {
    return { where: fuzzy, order: desc(sql`word_similarity(${q}::text, ${name})`) };
  }
  const full = sql`${searchDocument(...words)} @@ to_tsquery('simple', ${query}::text)`;
  return {
    where: sql`(${full} or ${fuzzy})`,
    order: desc(sql`(case when ${full} then 1 else 0 end) + word_similarity(${q}::text, ${name})`),
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
