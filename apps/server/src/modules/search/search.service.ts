import { sql } from 'drizzle-orm';
import { SEARCH_KINDS, type SearchKind, type SearchResponse } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { findFeedback } from './search-feedback';
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
 * What the planner takes a page read out of order to cost against one read in order (PostgreSQL's
 * default is 4, for spinning disks). The campus's tables fit in memory, where the two cost about
 * the same: at 4 the planner scans all 60,000 skill claims to join the few hundred of the students
 * named, rather than look each up by its index (28 ms against 8 ms at 20,000 students).
 */
const RANDOM_PAGE_COST = '1.1';

/** The kinds read from an official's queues. */
const QUEUE_KINDS: readonly SearchKind[] = ['reviews', 'feedback', 'bookings'];

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
    feedback: () => findFeedback(db, searcher, q),
    bookings: () => findBookings(db, q, timeZone),
  });
  const allowed = kindsFor(searcher);
  const kinds = SEARCH_KINDS.filter((kind) => allowed.includes(kind));
  // The threshold of the indexed `<%` operator is a setting, and so is the cost the planner gives
  // an index lookup: both set for each transaction only. The queues, an official's heaviest kinds,
  // run in a transaction of their own beside the records' (on PostgreSQL, on a second connection
  // at once; the embedded database runs one after the other).
  const inTransaction = async (some: readonly SearchKind[]) => {
    if (some.length === 0) return [];
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true), set_config('random_page_cost', ${RANDOM_PAGE_COST}, true)`,
      );
      return Promise.all(some.map(async (kind) => ({ kind, ...(await finders(tx)[kind]()) })));
    });
  };
  const found = (
    await Promise.all([
      inTransaction(kinds.filter((kind) => !QUEUE_KINDS.includes(kind))),
      inTransaction(kinds.filter((kind) => QUEUE_KINDS.includes(kind))),
    ])
  ).flat();
  return {
    q,
    groups: kinds
      .map((kind) => found.find((group) => group.kind === kind)!)
      .filter((group) => group.total > 0),
  };
}
