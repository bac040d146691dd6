import { sql, type SQL } from 'drizzle-orm';
import type { ClubCard, ClubDirectory, ClubDirectoryQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { answerKeeper, keyOfQuery } from '../../lib/kept-answers';
import { containsPattern } from '../../lib/search';
import { cardOf, clubCards } from './club-cards.read';

/**
 * How close a word typed must come to part of a club's name, tags or tagline to match: pg_trgm's
 * word similarity, as the global search's (0.5: 'robtics' finds the tag Robotics, 'codng' the
 * Coding Club).
 */
const CLOSE_ENOUGH = 0.5;
/** Near misses need a few letters: two or three are close to half the words of any description. */
const FUZZY_MIN_LENGTH = 4;

/** The words a club is found by, lower-cased: its name, tags, tagline and description. */
const WORDS = sql`listed.words`;
/**
 * The words a near miss is looked for in: the name, tags and tagline. A misspelt name or tag finds
 * its club; looking through every description for near misses cost most of a search's time.
 */
const NAMES = sql`listed.names`;

/** The most words of a search that count: the rest are read as part of the last. */
const MAX_WORDS = 6;

/**
 * The condition and the rank of a search: every word typed is inside the club's words or, from
 * four letters, close to one of its name, tags or tagline ('robtics club' finds a club tagged Robotics, and not every
 * club whose name ends in Club just for sharing that word). Names holding the whole text rank
 * first, then the closest.
 */
function matching(q: string): { where: SQL; rank: SQL } {
  const text = q.toLowerCase();
  const words = text.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  const each = words.map((word) => {
    const inside = sql`${WORDS} like ${containsPattern(word)}`;
    if (word.length < FUZZY_MIN_LENGTH) return { where: inside, rank: sql`0` };
    const closeness = sql`word_similarity(${word}::text, ${NAMES})`;
    return { where: sql`(${inside} or ${closeness} >= ${CLOSE_ENOUGH})`, rank: closeness };
  });
  const inName = sql`(case when lower(listed.name) like ${containsPattern(text)} then 2
    when ${WORDS} like ${containsPattern(text)} then 1 else 0 end)`;
  return {
    where: sql.join(
      each.map((word) => word.where),
      sql` and `,
    ),
    rank: sql.join([inName, ...each.map((word) => word.rank)], sql` + `),
  };
}

/** What every viewer sees alike of a directory page: the cards but for the live parts, the filters. */
type SharedDirectory = Omit<ClubDirectory, 'clubs' | 'page' | 'pageSize'> & {
  clubs: Omit<ClubCard, LiveField>[];
};
/** What is read for every request: the member counts and where the viewer stands. */
type LiveField = 'memberCount' | 'following' | 'member';
type LiveFacts = { id: string; members: number; following: boolean; member: boolean };

/**
 * A directory page is kept for half a minute at most, so that an event starting leaves the cards'
 * next events on time; and only while the clubs and the events it shows are as they were.
 */
const KEPT_FOR_MS = 30_000;
/** About 20,000 characters a page of 24 cards: a couple of hundred searches and pages are kept. */
const KEPT_CHARACTERS = 4_000_000;
const keptPages = answerKeeper<SharedDirectory>({ forMs: KEPT_FOR_MS, characters: KEPT_CHARACTERS });

/**
 * The club directory, a page of it: every active club and council body the filters keep, those
 * recruiting now first, then the best matches of a search, then by name; with how many in all and
 * what the filters offer. What everyone sees alike is kept (decision 0034): a request then reads
 * only the versions of the clubs and events, the member counts and the viewer's follows and
 * memberships of the page's clubs, in one statement.
 */
export async function clubDirectory(
  db: Database,
  viewerId: string,
  asked: ClubDirectoryQuery,
): Promise<ClubDirectory> {
  const q = asked.q?.toLowerCase().split(/\s+/).filter(Boolean).join(' ') || undefined;
  const query = { ...asked, q, category: asked.category?.toLowerCase() };
  const key = keyOfQuery('directory', query);
  const pages = keptPages(db);
  const { version, facts } = await liveFacts(db, viewerId, pages.latest(key));
  const kept = pages.find(key, version);
  if (kept) return withFacts(kept, facts, query);
  const { shared, live } = await computePage(db, viewerId, query);
  pages.keep(key, version, shared);
  return withFacts(shared, live, query);
}

/** The page's cards with their member counts and the viewer's standing. */
function withFacts(
  shared: SharedDirectory,
  facts: LiveFacts[],
  query: ClubDirectoryQuery,
): ClubDirectory {
  const byId = new Map(facts.map((fact) => [fact.id, fact]));
  return {
    ...shared,
    clubs: shared.clubs.map((card) => {
      const fact = byId.get(card.id);
      return {
        ...card,
        memberCount: fact?.members ?? 0,
        following: fact?.following ?? false,
        member: fact?.member ?? false,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The versions a kept page must have been computed from (the clubs' and the events'), and the live
 * facts of the clubs of the page last kept for the query, in one statement.
 */
async function liveFacts(
  db: Database,
  viewerId: string,
  latest: SharedDirectory | null,
): Promise<{ version: string; facts: LiveFacts[] }> {
  const ids = (latest?.clubs ?? []).map((card) => card.id).join(',');
  const [row] = rowsOf<{ directory: string | null; events: string | null; facts: unknown }>(
    await db.execute(sql`select
      (select n from tallies where key = 'clubs.directory') as directory,
      (select n from tallies where key = 'events.list') as events,
      (select coalesce(json_agg(json_build_object('id', c.id,
          'members', (select count(*) from club_memberships m where m.unit_id = c.id and m.ended_at is null),
          'following', exists (select 1 from club_follows f where f.unit_id = c.id and f.user_id = ${viewerId}),
          'member', exists (select 1 from club_memberships m where m.unit_id = c.id
            and m.user_id = ${viewerId} and m.ended_at is null))), '[]')
        from unnest(string_to_array(${ids}, ',')::uuid[]) as c(id)) as facts`),
  );
  const facts = typeof row!.facts === 'string' ? JSON.parse(row!.facts) : row!.facts;
  return { version: `${row!.directory ?? 0}:${row!.events ?? 0}`, facts: facts as LiveFacts[] };
}

/** A directory page computed: what everyone sees alike, and this viewer's facts of its clubs. */
async function computePage(db: Database, viewerId: string, query: ClubDirectoryQuery) {
  const conditions: SQL[] = [];
  const order = [sql`listed.recruiting desc`];
  if (query.q) {
    const search = matching(query.q);
    conditions.push(search.where);
    order.push(sql`${search.rank} desc`);
  }
  if (query.council) conditions.push(sql`listed.council_id = ${query.council}`);
  if (query.category) conditions.push(sql`lower(listed.category) = ${query.category}`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const [rows, all] = await Promise.all([
    clubCards(db, viewerId, {
      where,
      order: sql.join([...order, sql`lower(listed.name), listed.id`], sql`, `),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    filtersOf(db),
  ]);
  const cards = rows.map(cardOf);
  const shared: SharedDirectory = {
    clubs: cards.map(({ memberCount: _count, following: _following, member: _member, ...card }) => card),
    total: rows[0]?.total ?? (query.page > 1 ? await countOf(db, viewerId, where) : 0),
    ...all,
  };
  const live = cards.map((card) => ({
    id: card.id,
    members: card.memberCount,
    following: card.following,
    member: card.member,
  }));
  return { shared, live };
}

/** How many clubs the condition keeps, for a page past the last. */
async function countOf(db: Database, viewerId: string, where: SQL): Promise<number> {
  const [first] = await clubCards(db, viewerId, { where, limit: 1 });
  return first?.total ?? 0;
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
