import { sql, type SQL } from 'drizzle-orm';
import type { ClubDirectory, ClubDirectoryQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { containsPattern } from '../../lib/search';
import { cardOf, clubCards } from './club-cards.read';

/**
 * How close typed text must come to part of a club's words (its name, tags, tagline and
 * description) to match: pg_trgm's word similarity, as the global search's (0.5: 'robtics' finds
 * the tag Robotics, 'codng' the Coding Club).
 */
const CLOSE_ENOUGH = 0.5;
/** Near misses need a few letters: two or three are close to half the words of any description. */
const FUZZY_MIN_LENGTH = 4;

/** The words a club is found by: its name, tags, tagline and description. */
const WORDS = sql`lower(concat_ws(' ', u.name,
  (select string_agg(t.name, ' ') from club_page_tags pt join club_tags t on t.id = pt.tag_id
    where pt.unit_id = u.id),
  p.tagline, u.description))`;

/** The condition and the rank of a search: the text inside the club's words, or close to part of them. */
function matching(q: string): { where: SQL; rank: SQL } {
  const text = q.toLowerCase();
  const inside = sql`${WORDS} like ${containsPattern(text)}`;
  const inName = sql`(case when lower(u.name) like ${containsPattern(text)} then 2 when ${inside} then 1 else 0 end)`;
  if (text.length < FUZZY_MIN_LENGTH) return { where: inside, rank: inName };
  const closeness = sql`word_similarity(${text}::text, ${WORDS})`;
  return {
    where: sql`(${inside} or ${closeness} >= ${CLOSE_ENOUGH})`,
    rank: sql`${inName} + ${closeness}`,
  };
}

/**
 * The club directory: every active club and council body the filters keep, those recruiting now
 * first, then the best matches of a search, then by name; with what the filters offer.
 */
export async function clubDirectory(
  db: Database,
  viewerId: string,
  query: ClubDirectoryQuery,
): Promise<ClubDirectory> {
  const conditions: SQL[] = [];
  const order = [sql`p.recruiting desc`];
  if (query.q) {
    const search = matching(query.q);
    conditions.push(search.where);
    order.push(sql`${search.rank} desc`);
  }
  if (query.council) conditions.push(sql`c.id = ${query.council}`);
  if (query.category) conditions.push(sql`lower(u.category) = ${query.category.toLowerCase()}`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const [rows, all] = await Promise.all([
    clubCards(db, viewerId, where, sql.join([...order, sql`lower(u.name), u.id`], sql`, `)),
    filtersOf(db),
  ]);
  return { clubs: rows.map(cardOf), ...all };
}

/** The councils and categories of the active clubs and bodies, for the directory's filters. */
async function filtersOf(db: Database): Promise<Pick<ClubDirectory, 'councils' | 'categories'>> {
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by lower(name)), '[]')
        from org_units where type = 'committee' and retired_at is null) as councils,
      (select coalesce(json_agg(category order by category), '[]') from (
        select distinct lower(trim(category)) as category from org_units
        where type in ('club', 'committee') and retired_at is null
          and length(trim(coalesce(category, ''))) > 0) k) as categories`);
  const row = (result as { rows: { councils: unknown; categories: unknown }[] }).rows[0]!;
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    councils: parse<{ id: string; name: string }[]>(row.councils),
    categories: parse<string[]>(row.categories),
  };
}
