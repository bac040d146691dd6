import { and, eq, sql } from 'drizzle-orm';
import { EVENT_APPROVALS, type EventList, type EventListQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { events, tallies } from '../../db/schema/index';
import { answerKeeper, keyOfQuery } from '../../lib/kept-answers';
import { ownEvents, seesEveryEvent } from './event-visibility';
import type { EventActor } from './events.policy';

/*
 * The /events list as everyone of one kind sees it, kept a short while (decision 0030). Students
 * see the approved events, officials every event: two people of one kind asking the same question
 * get the same rows and tab counts, which take a pass over every event to count. A kept list is
 * served while the version of the events it was computed from (the tally 'events.list', raised by
 * every change of an event or a unit: migration 0038) still holds, and for half a minute at most, so
 * that events ending or opening their registration move between tabs and filters on time.
 */

/** What every person of one kind sees for one query: the page and the counts. */
export type SharedList = Pick<EventList, 'items' | 'total' | 'overall' | 'counts'>;

/** How long a kept list may be served at most: the delay before an event's end moves it to 'Past'. */
const KEPT_FOR_MS = 30_000;
/**
 * How much one database's kept lists may hold, in characters of their JSON (about twice as many
 * bytes): past it, the least recently read go first. A page of 100 events with long descriptions
 * is about half a million characters; a campus's common questions take a few dozen pages.
 */
const KEPT_CHARACTERS = 8_000_000;

const keptLists = answerKeeper<SharedList>({ forMs: KEPT_FOR_MS, characters: KEPT_CHARACTERS });

/**
 * The approvals other than 'approved', written into the statement (not sent as values): planned
 * once for every value, the prepared statement would read every event instead of the approval index.
 */
const NOT_APPROVED = sql.raw(
  EVENT_APPROVALS.filter((approval) => approval !== 'approved')
    .map((approval) => `'${approval}'`)
    .join(', '),
);

/**
 * The lists this actor shares with others of their kind, or null when what they see is their own
 * (a proposal of theirs is on it). Reads the events' version and the actor's proposals in one look-up.
 */
export async function sharedLists(db: Database, actor: EventActor) {
  const everyEvent = seesEveryEvent(actor);
  const [row] = rowsOf<{ version: string | number | null; own: boolean }>(
    await db.execute(
      sql`select (select ${tallies.n} from ${tallies} where ${tallies.key} = 'events.list') as version,
        ${
          everyEvent
            ? sql`false`
            : sql`exists (${db
                .select({ one: sql`1` })
                .from(events)
                .where(and(sql`${events.approval} in (${NOT_APPROVED})`, ownEvents(db, actor)))})`
        } as own`,
    ),
  );
  if (!row || row.own) return null;
  const version = String(row.version ?? 0);
  const lists = keptLists(db);
  const kind = everyEvent ? 'every event' : 'approved events';
  return {
    /** The events a list of this kind holds: the approved ones, or every event. */
    visible: everyEvent ? undefined : eq(events.approval, 'approved'),
    /** The kept list for the query, when it still holds. */
    find: (query: EventListQuery, timeZone: string, now = Date.now()): SharedList | null =>
      lists.find(keyOfQuery(kind, timeZone, query), version, now),
    /** Keeps a list computed after the version was read, within the characters allowed. */
    keep: (query: EventListQuery, timeZone: string, list: SharedList, now = Date.now()) =>
      lists.keep(keyOfQuery(kind, timeZone, query), version, list, now),
  };
}
