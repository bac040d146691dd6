import type { ClubCard, ClubDirectory } from '@cosa/contracts';
import type { Database } from '../../db/client';
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
 * Kept half a minute at most, for the next events on the cards; at 700 characters a card, up to
 * about 5,000 clubs (one answer may take a quarter of the characters).
 */
const keptCards = answerKeeper<EveryCard>({ forMs: 30_000, characters: 16_000_000 });
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

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/** Every active club's card, and what the directory's filters offer: their councils and categories. */
async function computeEveryCard(db: Database): Promise<EveryCard> {
  const rows = await clubCards(db, NOBODY, { limit: 100_000 });
  const cards = rows.map((row) => sharedCardOf(cardOf(row)));
  const councils = cards
    .filter((card) => card.kind === 'committee')
    .map(({ id, name }) => ({ id, name }))
    .sort(byName);
  const categories = [
    ...new Set(cards.map((card) => card.category?.trim().toLowerCase() ?? '').filter(Boolean)),
  ].sort();
  return { cards, filters: { councils, categories } };
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
