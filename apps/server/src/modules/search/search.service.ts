import { sql } from 'drizzle-orm';
import { SEARCH_KINDS, type SearchKind, type SearchResponse } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { findPeople } from './search-people';
import { findBookings, findReviews } from './search-queues';
import { findAnnouncements, findEvents, findPositions, findUnits } from './search-records';
import type { Found } from './search-text';
import { kindsFor, type Searcher } from './search.policy';

/**
 * How close typed text must come to part of a name to match it (pg_trgm's word similarity, 0 to
 * 1). The default, 0.6, misses one swapped pair of letters in a six-letter surname ('oberio' for
 * 'Oberoi' is 0.57); below 0.5 a short fragment matches names that share only a syllable.
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';

/**
 * The global search: each kind the searcher may search, the first few of each closest first with
 * how many match, only the kinds with a match, in a fixed order.
 */
export async function globalSearch(
  db: Database,
  searcher: Searcher,
  q: string,
  timeZone: string,
): Promise<SearchResponse> {
  const finders = (db: Database): Record<SearchKind, () => Promise<Found>> => ({
    people: () => findPeople(db, searcher, q),
    units: () => findUnits(db, searcher, q),
    events: () => findEvents(db, q, timeZone),
    positions: () => findPositions(db, searcher, q),
    announcements: () => findAnnouncements(db, searcher, q),
    reviews: () => findReviews(db, searcher, q),
    bookings: () => findBookings(db, q, timeZone),
  });
  const allowed = kindsFor(searcher);
  const kinds = SEARCH_KINDS.filter((kind) => allowed.includes(kind));
  // The threshold of the indexed `<%` operator is a setting: set for this transaction only.
  const found = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`,
    );
    return Promise.all(kinds.map((kind) => finders(tx)[kind]()));
  });
  return {
    q,
    groups: kinds.map((kind, index) => ({ kind, ...found[index]! })).filter((group) => group.total > 0),
  };
}
