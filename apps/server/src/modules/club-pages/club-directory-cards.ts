import { sql } from 'drizzle-orm';
import type { ClubCard, ClubDirectory } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { answerKeeper } from '../../lib/kept-answers';
import { cardOf, clubCards } from './club-cards.read';

/*
 * Every active club's card as everyone sees it, kept under the directory's version (decision 0034):
 * a directory page not asked before then costs one light statement that chooses its clubs, and
 * its cards come from here.
 */

/** What is read for every request: the member counts and where the viewer stands. */
export type LiveField = 'memberCount' | 'following' | 'member';
/** A card as everyone sees it. */
export type SharedCard = Omit<ClubCard, LiveField>;
type DirectoryFilters = Pick<ClubDirectory, 'councils' | 'categories'>;
type EveryCard = { cards: SharedCard[]; filters: DirectoryFilters };

/**
 * Kept half a minute at most, for the next events on the cards. One answer holds every card: at
 * up to 2,000 characters a card (a long description and no tagline), 16,000 clubs.
 */
const keptCards = answerKeeper<EveryCard>({
  forMs: 30_000,
  characters: 32_000_000,
  largestShare: 1,
});
/** The cards being computed, per database: requests that miss at once wait for the same. */
const computing = new WeakMap<object, { version: string; answer: Promise<EveryCard> }>();
const indexes = new WeakMap<SharedCard[], Map<string, SharedCard>>();
/** No one: the cards are read without a viewer. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const sharedCardOf = ({
  memberCount: _members,
  following: _following,
  member: _member,
  ...card
}: ClubCard): SharedCard => card;

/** Every active club's card, and what the directory's filters offer: their councils and categories. */
async function computeEveryCard(db: Database): Promise<EveryCard> {
  const [rows, filters] = await Promise.all([clubCards(db, NOBODY, { limit: 100_000 }), filtersOf(db)]);
  return { cards: rows.map((row) => sharedCardOf(cardOf(row))), filters };
}

/**
 * The councils and categories of the active clubs and bodies, for the directory's filters: the
 * categories lower-cased by the database, as the filter compares them.
 */
async function filtersOf(db: Database): Promise<DirectoryFilters> {
  const [row] = rowsOf<{ councils: unknown; categories: unknown }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by lower(name)), '[]')
          from org_units where type = 'committee' and retired_at is null) as councils,
        (select coalesce(json_agg(category order by category), '[]') from (
          select distinct lower(trim(category)) as category from org_units
          where type in ('club', 'committee') and retired_at is null
            and length(trim(coalesce(category, ''))) > 0) k) as categories`),
  );
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    councils: parse<DirectoryFilters['councils']>(row!.councils),
    categories: parse<string[]>(row!.categories),
  };
}

/**
 * Every active club's card by id, and the filters: kept while the version holds, computed once at a
 * time; `fresh` computes them again (a club newer than the kept cards was chosen).
 */
export async function everyCard(
  db: Database,
  version: string,
  fresh = false,
): Promise<{ byId: Map<string, SharedCard>; filters: DirectoryFilters }> {
  const kept = keptCards(db);
  let answer = fresh ? null : kept.find('every card', version);
  if (!answer) {
    const running = computing.get(db);
    if (!fresh && running?.version === version) answer = await running.answer;
    else {
      const promise = computeEveryCard(db);
      computing.set(db, { version, answer: promise });
      try {
        answer = await promise;
      } finally {
        if (computing.get(db)?.answer === promise) computing.delete(db);
      }
      kept.keep('every card', version, answer);
    }
  }
  let byId = indexes.get(answer.cards);
  if (!byId) indexes.set(answer.cards, (byId = new Map(answer.cards.map((card) => [card.id, card]))));
  return { byId, filters: answer.filters };
}
