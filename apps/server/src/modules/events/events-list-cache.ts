import { and, eq, sql } from 'drizzle-orm';
import { EVENT_APPROVALS, type EventList, type EventListQuery } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { events, tallies } from '../../db/schema/index';
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

type Kept = { version: number; until: number; list: SharedList; size: number };

/** How long a kept list may be served at most: the delay before an event's end moves it to 'Past'. */
const KEPT_FOR_MS = 30_000;
/**
 * How much one database's kept lists may hold, in characters of their JSON (about twice as many
 * bytes): past it, the least recently read go first. A page of 100 events with long descriptions
 * is about half a million characters; a campus's common questions take a few dozen pages.
 */
const KEPT_CHARACTERS = 8_000_000;

type Lists = { entries: Map<string, Kept>; characters: number };
const kept = new WeakMap<Database, Lists>();

/** Lets go of one kept list. */
function drop(lists: Lists, key: string): void {
  const found = lists.entries.get(key);
  if (!found) return;
  lists.entries.delete(key);
  lists.characters -= found.size;
}

/** A kept list no caller may change: every reader shares the same objects. */
function frozen(list: SharedList): SharedList {
  for (const item of list.items) Object.freeze(item);
  Object.freeze(list.items);
  Object.freeze(list.counts);
  return Object.freeze(list);
}

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
  const version = Number(row.version ?? 0);
  let lists = kept.get(db);
  if (!lists) kept.set(db, (lists = { entries: new Map(), characters: 0 }));
  const kind = everyEvent ? 'every event' : 'approved events';
  return {
    /** The events a list of this kind holds: the approved ones, or every event. */
    visible: everyEvent ? undefined : eq(events.approval, 'approved'),
    /** The kept list for the query, when it still holds. */
    find(query: EventListQuery, timeZone: string, now = Date.now()): SharedList | null {
      const key = keyOf(kind, query, timeZone);
      const found = lists.entries.get(key);
      if (!found) return null;
      drop(lists, key);
      if (found.version !== version || found.until <= now) return null;
      // Read last: the least recently read list is the first to go.
      lists.entries.set(key, found);
      lists.characters += found.size;
      return found.list;
    },
    /** Keeps a list computed after the version was read, within the characters allowed. */
    keep(query: EventListQuery, timeZone: string, list: SharedList, now = Date.now()) {
      const key = keyOf(kind, query, timeZone);
      drop(lists, key);
      const size = JSON.stringify(list).length + key.length;
      if (size > KEPT_CHARACTERS / 4) return;
      // Lists that ran out or were outdated go first, then the least recently read.
      for (const [other, entry] of lists.entries)
        if (entry.version !== version || entry.until <= now) drop(lists, other);
      for (const other of lists.entries.keys()) {
        if (lists.characters + size <= KEPT_CHARACTERS) break;
        drop(lists, other);
      }
      lists.entries.set(key, { version, until: now + KEPT_FOR_MS, list: frozen(list), size });
      lists.characters += size;
    },
  };
}

/** The query's own key: every field the list depends on, in a fixed order. */
const keyOf = (kind: string, query: EventListQuery, timeZone: string) =>
  JSON.stringify([kind, timeZone, Object.entries(query).sort(([a], [b]) => a.localeCompare(b))]);
