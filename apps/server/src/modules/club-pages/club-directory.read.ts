import { sql, type SQL } from 'drizzle-orm';
import type { ClubDirectory, ClubDirectoryQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { answerKeeper, keyOfQuery } from '../../lib/kept-answers';
import { containsPattern } from '../../lib/search';
import { chooseClubs, liveFactsOf } from './club-cards.read';
import { everyCard, type SharedCard } from './club-directory-cards';

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

/**
 * A word may be a near miss when it has four letters or digits: trigrams are made of those alone,
 * and a word of none ('----') would read every entry of the index.
 */
const closeEnoughToMiss = (word: string) =>
  word.replace(/[^\p{L}\p{N}]/gu, '').length >= FUZZY_MIN_LENGTH;

/** The most words of a search that count: the rest are read as part of the last. */
const MAX_WORDS = 6;

/**
 * The condition and the rank of a search: every word typed is inside the club's words or, from
 * four letters, close to one of its name, tags or tagline ('robtics club' finds a club tagged Robotics, and not every
 * club whose name ends in Club just for sharing that word). Names holding the whole text rank
 * first, then the closest.
 */
function matching(q: string): { where: SQL; rank: SQL; fuzzy: boolean } {
  const text = q.toLowerCase();
  const typed = text.split(/\s+/).filter(Boolean);
  const words =
    typed.length > MAX_WORDS
      ? [...typed.slice(0, MAX_WORDS - 1), typed.slice(MAX_WORDS - 1).join(' ')]
      : typed;
  const each = words.map((word) => {
    const inside = sql`${WORDS} like ${containsPattern(word)}`;
    if (!closeEnoughToMiss(word)) return { where: inside, rank: sql`0` };
    // `<%` is word similarity of at least the transaction's threshold (CLOSE_ENOUGH), by the index.
    const closeness = sql`word_similarity(${word}::text, ${NAMES})`;
    return { where: sql`(${inside} or ${word}::text <% ${NAMES})`, rank: closeness };
  });
  const inName = sql`(case when lower(listed.name) like ${containsPattern(text)} then 2
    when ${WORDS} like ${containsPattern(text)} then 1 else 0 end)`;
  return {
    where: sql.join(
      each.map((word) => word.where),
      sql` and `,
    ),
    rank: sql.join([inName, ...each.map((word) => word.rank)], sql` + `),
    fuzzy: words.some(closeEnoughToMiss),
  };
}

/**
 * Runs a search's statement where near misses are judged at CLOSE_ENOUGH and looked up in the
 * trigram indexes of the pages' words: a campus has only hundreds of clubs, so the planner would
 * compare the word with every club's words (half of a search's time) rather than read the index.
 */
function withNearMisses<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(CLOSE_ENOUGH)}, true),
        set_config('enable_seqscan', 'off', true)`,
    );
    return read(tx);
  });
}

/** What every viewer sees alike of a directory page: the cards but for the live parts, the filters. */
type SharedDirectory = Omit<ClubDirectory, 'clubs' | 'page' | 'pageSize'> & { clubs: SharedCard[] };
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
  const query = { ...asked, q };
  const key = keyOfQuery('directory', query);
  const pages = keptPages(db);
  const latest = pages.latest(key);
  const { version, facts } = await liveFacts(db, viewerId, latest);
  const kept = pages.find(key, version);
  // The facts were read for the page kept when the request came; another request may have kept a
  // new one meanwhile, whose clubs need their own.
  if (kept === latest && kept) return withFacts(kept, facts, query);
  if (kept) return withFacts(kept, (await liveFacts(db, viewerId, kept)).facts, query);
  const { shared, live } = await computePage(db, viewerId, query, version);
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
      // Never a guess: the facts are always read for the clubs of the page served.
      if (!fact) throw new Error(`No member count read for the club ${card.id}`);
      return { ...card, memberCount: fact.members, following: fact.following, member: fact.member };
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
  const live = liveFactsOf(sql`c.id`, viewerId);
  const [row] = rowsOf<{ directory: string | null; events: string | null; facts: unknown }>(
    await db.execute(sql`select
      (select n from tallies where key = 'clubs.directory') as directory,
      (select n from tallies where key = 'events.list') as events,
      (select coalesce(json_agg(json_build_object('id', c.id, 'members', ${live.members},
          'following', ${live.following}, 'member', ${live.member})), '[]')
        from unnest(string_to_array(${ids}, ',')::uuid[]) as c(id)) as facts`),
  );
  const facts = typeof row!.facts === 'string' ? JSON.parse(row!.facts) : row!.facts;
  return { version: `${row!.directory ?? 0}:${row!.events ?? 0}`, facts: facts as LiveFacts[] };
}

/**
 * A directory page computed: what everyone sees alike, and this viewer's facts of its clubs. One
 * light statement chooses the clubs; their cards come from every card kept under `version`.
 */
async function computePage(
  db: Database,
  viewerId: string,
  query: ClubDirectoryQuery,
  version: string,
): Promise<{ shared: SharedDirectory; live: LiveFacts[] }> {
  const conditions: SQL[] = [];
  const order = [sql`listed.recruiting desc`];
  const search = query.q ? matching(query.q) : null;
  if (search) {
    conditions.push(search.where);
    order.push(sql`${search.rank} desc`);
  }
  if (query.council) conditions.push(sql`listed.council_id = ${query.council}`);
  // Lower-cased by the database on both sides, as the filter's list is: JavaScript lowers some
  // letters otherwise ('Σ' at a word's end).
  if (query.category) conditions.push(sql`lower(listed.category) = lower(${query.category})`);
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const choose = (limit: number, offset: number) => (on: Database) =>
    chooseClubs(on, viewerId, {
      where,
      order: sql.join([...order, sql`lower(listed.name), listed.id`], sql`, `),
      limit,
      offset,
    });
  const run = <T>(read: (on: Database) => Promise<T>) =>
    search?.fuzzy ? withNearMisses(db, read) : read(db);
  const [chosen, every] = await Promise.all([
    run(choose(query.pageSize, (query.page - 1) * query.pageSize)),
    everyCard(db, version),
  ]);
  let { byId, filters } = every;
  // A club made after the cards were kept: compute them again.
  if (chosen.some((club) => !byId.has(club.id)))
    ({ byId, filters } = await everyCard(db, version, true));
  const found = chosen.filter((club) => byId.has(club.id));
  const total = chosen[0]?.total ?? (query.page > 1 ? ((await run(choose(1, 0)))[0]?.total ?? 0) : 0);
  return {
    shared: { clubs: found.map((club) => byId.get(club.id)!), total, ...filters },
    live: found.map(({ id, members, following, member }) => ({ id, members, following, member })),
  };
}
