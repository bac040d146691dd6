import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EVENT_MESSAGES,
  type EventDetail,
  type EventExportQuery,
  type EventList,
  type EventListQuery,
  type EventSummary,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventOrganizers, events, orgUnits, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { attendanceOf } from './registrations.read';
import { canCreateEvents, type EventActor } from './events.policy';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { detailOf } from './event-detail';
import { decidableBy, visibleTo } from './event-visibility';
import { sharedLists, type SharedList } from './events-list-cache';

/* The /events list with its tabs and search, and one event's detail, as the actor sees them. */

const creator = alias(users, 'creator');

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const summaryColumns = {
  id: events.id,
  eventCode: events.eventCode,
  title: events.title,
  description: events.description,
  category: events.category,
  type: events.type,
  mode: events.mode,
  venue: events.venue,
  scheduleStart: events.scheduleStart,
  scheduleEnd: events.scheduleEnd,
  status: events.status,
  unitName: orgUnits.name,
  approval: events.approval,
  registrationRequired: events.registrationRequired,
  registrationStart: events.registrationStart,
  registrationEnd: events.registrationEnd,
};

function summaryQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

const toSummary = ({
  scheduleStart,
  scheduleEnd,
  registrationStart,
  registrationEnd,
  ...row
}: SummaryRow): EventSummary => ({
  ...row,
  start: iso(scheduleStart),
  end: iso(scheduleEnd),
  registrationStart: iso(registrationStart),
  registrationEnd: iso(registrationEnd),
});

/**
 * Not yet over: its end (or, without one, its start) is still ahead. An event without a start is
 * still being planned, so it belongs with the upcoming ones.
 */
function notYetEnded(now: Date): SQL {
  return or(
    isNull(events.scheduleStart),
    sql`coalesce(${events.scheduleEnd}, ${events.scheduleStart}) >= ${now.toISOString()}::timestamptz`,
  )!;
}

/**
 * The event's title, venue, code or organizing unit's name contains the text, ignoring case.
 * ILIKE lower-cases the text and the pattern each time it reads them (most of its cost: a list
 * reads every event of the unit), so the four are joined by a line break (chr(10)) and read once,
 * which matches exactly when one of them does: a text without a line break cannot match across
 * one. A text with one is matched against each apart.
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  if (q.includes('\n')) {
    return or(
      ilike(events.title, pattern),
      ilike(events.venue, pattern),
      ilike(events.eventCode, pattern),
      ilike(orgUnits.name, pattern),
    );
  }
  const texts = [events.title, events.venue, events.eventCode, orgUnits.name].map(
    (column) => sql`coalesce(${column}, '')`,
  );
  return sql`(${sql.join(texts, sql` || chr(10) || `)}) ilike ${pattern}`;
}

/** Now on the institute's clock, as a timestamp without zone, for week and month bounds. */
const localNow = (timeZone: string) => sql`(now() at time zone ${timeZone})`;

/** Extra filters of the list: category, registration open now, this week, pending proposals. */
function narrowing(query: EventExportQuery, now: Date, timeZone: string): SQL | undefined {
  const instant = sql`${now.toISOString()}::timestamptz`;
  const weekStart = sql`(date_trunc('week', ${localNow(timeZone)}) at time zone ${timeZone})`;
  return and(
    query.category ? eq(events.category, query.category) : undefined,
    query.open
      ? and(
          eq(events.registrationRequired, true),
          eq(events.approval, 'approved'),
          sql`${events.status} <> 'cancelled'`,
          sql`coalesce(${events.registrationStart}, '-infinity') <= ${instant}`,
          sql`coalesce(${events.registrationEnd}, ${events.scheduleStart}, 'infinity') > ${instant}`,
        )
      : undefined,
    query.week
      ? sql`${events.scheduleStart} >= ${weekStart} and ${events.scheduleStart} < ${weekStart} + interval '7 days'`
      : undefined,
    query.pending ? sql`${events.approval} in ('proposed', 'changes_requested')` : undefined,
  );
}

/** The month view's bounds: the events starting in that month on the institute's clock. */
function inMonth(month: string, timeZone: string): SQL {
  const first = `${month}-01 00:00:00`;
  const start = sql`(${first}::timestamp at time zone ${timeZone})`;
  const end = sql`((${first}::timestamp + interval '1 month') at time zone ${timeZone})`;
  return sql`${events.scheduleStart} >= ${start} and ${events.scheduleStart} < ${end}`;
}

/**
 * The /events list's filters at `now` (over events joined to their unit) for this actor: what they
 * may see, the unit, the search and the other filters, each tab's condition, the asked tab's rows
 * and their order. The list and its export both read them here.
 */
export function eventFilters(
  db: Database,
  actor: EventActor,
  query: EventExportQuery,
  now: Date,
  timeZone: string,
  /** Which events may be listed; the actor's own view unless a shared list says otherwise. */
  visible: SQL | undefined = visibleTo(db, actor),
) {
  const ofUnit = and(visible, query.unitId ? eq(events.organizingUnitId, query.unitId) : undefined);
  const search = and(ofUnit, matching(query.q), narrowing(query, now, timeZone));
  const upcoming = notYetEnded(now);
  const past = and(isNotNull(events.scheduleStart), sql`not (${upcoming})`)!;
  if (query.month) {
    return {
      ofUnit,
      search,
      upcoming,
      past,
      where: and(search, inMonth(query.month, timeZone)),
      order: [asc(events.scheduleStart), asc(events.id)],
    };
  }
  const order =
    query.when === 'upcoming'
      ? [sql`${events.scheduleStart} asc nulls last`, asc(events.id)]
      : [sql`${events.scheduleStart} desc nulls last`, asc(events.id)];
  return {
    ofUnit,
    search,
    upcoming,
    past,
    where: and(search, query.when === 'upcoming' ? upcoming : past),
    order,
  };
}

/**
 * How many events the unit has (overall) and how many of them match the search on each tab. With a
 * search, the events are grouped by whether they match it and by tab, so the search is read once an
 * event (a count filtered by it for each tab would read it once for each); without one, a plain
 * count of each tab is cheaper than grouping.
 */
async function countTabs(
  db: Database,
  ofUnit: SQL | undefined,
  search: SQL | undefined,
  upcoming: SQL,
  past: SQL,
) {
  if (!search) {
    const [counts] = await db
      .select({
        overall: sql<number>`count(*)`.mapWith(Number),
        upcoming: sql<number>`count(*) filter (where ${upcoming})`.mapWith(Number),
        past: sql<number>`count(*) filter (where ${past})`.mapWith(Number),
      })
      .from(events)
      .where(ofUnit);
    return counts!;
  }
  const groups = await db
    .select({
      found: sql<boolean | null>`${search}`,
      upcoming: sql<boolean>`${upcoming}`,
      past: sql<boolean>`${past}`,
      events: sql<number>`count(*)`.mapWith(Number),
    })
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(ofUnit)
    .groupBy(sql`1, 2, 3`);
  const count = (wanted: (group: (typeof groups)[number]) => boolean) =>
    groups.filter(wanted).reduce((sum, group) => sum + group.events, 0);
  return {
    overall: count(() => true),
    upcoming: count((group) => group.found === true && group.upcoming),
    past: count((group) => group.found === true && group.past),
  };
}

/** The rows and tab counts of the /events list of the events `visible`, computed. */
async function computeList(
  db: Database,
  actor: EventActor,
  query: EventListQuery,
  timeZone: string,
  visible: SQL | undefined,
): Promise<SharedList> {
  // One instant for both queries, so an event ending meanwhile cannot be counted on one tab and listed on the other.
  const { ofUnit, search, upcoming, past, where, order } = eventFilters(
    db,
    actor,
    query,
    new Date(),
    timeZone,
    visible,
  );
  const filtered = Boolean(query.q || query.category || query.open || query.week || query.pending);
  // The month view shows the whole month on one page (a campus holds far fewer events a month than this).
  const [limit, offset] = query.month ? [500, 0] : [query.pageSize, (query.page - 1) * query.pageSize];
  const [rows, counts] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    // The month view shows no tabs: its count is the month's events.
    query.month
      ? Promise.resolve({ overall: 0, upcoming: 0, past: 0 })
      : countTabs(db, ofUnit, filtered ? search : undefined, upcoming, past),
  ]);
  const tabs = { upcoming: counts.upcoming, past: counts.past };
  return {
    items: rows.map(toSummary),
    total: query.month ? rows.length : tabs[query.when],
    overall: query.month ? rows.length : counts.overall,
    counts: tabs,
  };
}

/**
 * The /events list: one tab (upcoming or past), searched, narrowed to one organizing unit when asked
 * (the club dashboard's 'Events'), and paged, with the count of each tab. What everyone of the
 * actor's kind sees alike is kept a short while (events-list-cache).
 */
export async function listEvents(
  db: Database,
  actor: EventActor,
  query: EventListQuery,
  timeZone: string,
): Promise<EventList> {
  const decidable = decidableBy(actor);
  const [shared, [unit], [waiting]] = await Promise.all([
    sharedLists(db, actor),
    query.unitId
      ? db
          .select({ id: orgUnits.id, name: orgUnits.name })
          .from(orgUnits)
          .where(eq(orgUnits.id, query.unitId))
          .limit(1)
      : Promise.resolve([]),
    decidable
      ? db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(events)
          .where(decidable)
      : Promise.resolve([{ count: 0 }]),
  ]);
  let list = shared?.find(query, timeZone) ?? null;
  if (!list) {
    // A list to be shared is computed by its kind's own rule, never by what this person sees: a
    // proposal they came to see meanwhile (a new club, an organiser's seat) must not reach others.
    list = await computeList(db, actor, query, timeZone, shared ? shared.visible : visibleTo(db, actor));
    shared?.keep(query, timeZone, list);
  }
  return {
    ...list,
    page: query.page,
    pageSize: query.pageSize,
    canCreate: canCreateEvents(actor),
    awaitingDecision: waiting?.count ?? 0,
    unit: unit ?? null,
  };
}

/** Everything about one event as the actor sees it; null when there is none or they may not see it. */
export async function readEvent(
  db: Database,
  actor: EventActor,
  id: string,
): Promise<EventDetail | null> {
  const [[row], organizers, attendance] = await Promise.all([
    db
      .select({
        summary: summaryColumns,
        event: events,
        creatorName: creator.name,
        deciderName: sql<
          string | null
        >`(select d.name from ${users} d where d.id = ${events.decidedBy})`,
        organizer: sql<boolean>`exists (select 1 from ${eventOrganizers} o where o.event_id = ${events.id} and o.user_id = ${actor.id}::uuid)`,
        clubCoordinator: sql<boolean>`(${actor.role} = 'CLUB_COORDINATOR' and ${events.organizingUnitId} is not null
          and ${events.organizingUnitId} = (select u.club_unit_id from ${users} u where u.id = ${actor.id}::uuid))`,
        council: councilCategoryOf(sql`${events.organizingUnitId}`),
        roomName: sql<
          string | null
        >`(select r.name from room_bookings b join rooms r on r.id = b.room_id where b.id = ${events.roomBookingId})`,
        roomStatus: sql<
          string | null
        >`(select b.status from room_bookings b where b.id = ${events.roomBookingId})`,
      })
      .from(events)
      .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
      .leftJoin(creator, eq(creator.id, events.createdBy))
      .where(eq(events.id, id))
      .limit(1),
    db
      .select({ id: users.id, name: users.name, username: users.username })
      .from(eventOrganizers)
      .innerJoin(users, eq(users.id, eventOrganizers.userId))
      .where(eq(eventOrganizers.eventId, id))
      .orderBy(asc(users.name), asc(users.id)),
    attendanceOf(db, actor.id, id),
  ]);
  if (!row) return null;
  return detailOf(actor, { ...row, summary: toSummary(row.summary) }, organizers, attendance);
}

/** /events/{id}: the event with its unit, organizers and creator; 404 when there is none. */
export async function getEvent(db: Database, actor: EventActor, id: string): Promise<EventDetail> {
  const event = await readEvent(db, actor, id);
  if (!event) throw AppError.notFound(EVENT_MESSAGES.notFound);
  return event;
}
