import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CLUB_MESSAGES,
  EVENT_MESSAGES,
  type EventDetail,
  type EventExportQuery,
  type EventInput,
  type EventList,
  type EventListQuery,
  type EventSummary,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { eventOrganizers, events, orgUnits, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { logActivity } from '../activity/activity.service';
import { coordinatorClubId } from '../clubs/club-scope.service';
import {
  canCancelEvent,
  canCreateEvents,
  canEditEvent,
  hasTakenPlace,
  mayChangeEvent,
  type EventActor,
} from './events.policy';

const creator = alias(users, 'creator');

const iso = (value: Date | null) => value?.toISOString() ?? null;
const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

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
};

function summaryQuery(db: Database) {
  return db
    .select(summaryColumns)
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

const toSummary = ({ scheduleStart, scheduleEnd, ...row }: SummaryRow): EventSummary => ({
  ...row,
  start: iso(scheduleStart),
  end: iso(scheduleEnd),
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

/**
 * The /events list's filters at `now` (over events joined to their unit): the unit and the search,
 * each tab's condition, the asked tab's rows and their order. The list and its export both read them here.
 */
export function eventFilters(query: EventExportQuery, now: Date) {
  const ofUnit = query.unitId ? eq(events.organizingUnitId, query.unitId) : undefined;
  const search = and(ofUnit, matching(query.q));
  const upcoming = notYetEnded(now);
  const past = and(isNotNull(events.scheduleStart), sql`not (${upcoming})`)!;
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

/**
 * The /events list: one tab (upcoming or past), searched, narrowed to one organizing unit when asked
 * (the club dashboard's 'Events'), and paged, with the count of each tab.
 */
export async function listEvents(
  db: Database,
  actor: EventActor,
  query: EventListQuery,
): Promise<EventList> {
  // One instant for both queries, so an event ending meanwhile cannot be counted on one tab and listed on the other.
  const { ofUnit, search, upcoming, past, where, order } = eventFilters(query, new Date());

  const [rows, counts, [unit]] = await Promise.all([
    summaryQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countTabs(db, ofUnit, query.q ? search : undefined, upcoming, past),
    query.unitId
      ? db
          .select({ id: orgUnits.id, name: orgUnits.name })
          .from(orgUnits)
          .where(eq(orgUnits.id, query.unitId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const tabs = { upcoming: counts.upcoming, past: counts.past };
  return {
    items: rows.map(toSummary),
    total: tabs[query.when],
    overall: counts.overall,
    page: query.page,
    pageSize: query.pageSize,
    counts: tabs,
    canCreate: canCreateEvents(actor),
    unit: unit ?? null,
  };
}

/** Everything about one event as the actor sees it; null when there is no such event. */
async function readEvent(db: Database, actor: EventActor, id: string): Promise<EventDetail | null> {
  const [[row], organizers] = await Promise.all([
    db
      .select({ summary: summaryColumns, event: events, creatorName: creator.name })
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
  ]);
  if (!row) return null;
  const { event, summary, creatorName } = row;
  return {
    ...toSummary(summary),
    unit:
      event.organizingUnitId && summary.unitName !== null
        ? { id: event.organizingUnitId, name: summary.unitName }
        : null,
    organizers,
    registration: {
      required: event.registrationRequired,
      start: iso(event.registrationStart),
      end: iso(event.registrationEnd),
      fees: event.registrationFees,
      maxParticipants: event.maxParticipants,
    },
    budget: { allocated: event.budgetAllocated, sponsors: event.sponsors },
    createdBy:
      event.createdBy && creatorName !== null ? { id: event.createdBy, name: creatorName } : null,
    createdAt: event.createdAt.toISOString(),
    canEdit: canEditEvent(actor, event),
    canCancel: canCancelEvent(actor, event, new Date()),
  };
}

/** /events/{id}: the event with its unit, organizers and creator; 404 when there is none. */
export async function getEvent(db: Database, actor: EventActor, id: string): Promise<EventDetail> {
  const event = await readEvent(db, actor, id);
  if (!event) throw AppError.notFound(EVENT_MESSAGES.notFound);
  return event;
}

/**
 * The organizing unit and the organizers must exist. An organizer is someone the people picker
 * offers: a proven, active account that is not the institute administrator (who is not a
 * student); an edit may keep an organizer the event already has, deactivated since or not. The
 * rows are key-share locked so they cannot vanish before the transaction commits. Returns the
 * organizers without repeats.
 */
async function checkReferences(
  tx: Database,
  input: EventInput,
  current?: { id: string; unitId: string | null },
): Promise<string[]> {
  const currentUnitId = current?.unitId;
  const organizerIds = [...new Set(input.organizerIds.map((id) => id.toLowerCase()))];
  const pickable = and(isNull(users.deactivatedAt), ne(users.role, 'ADMIN'));
  const organizing = current
    ? or(
        pickable,
        inArray(
          users.id,
          tx
            .select({ userId: eventOrganizers.userId })
            .from(eventOrganizers)
            .where(eq(eventOrganizers.eventId, current.id)),
        ),
      )
    : pickable;
  const [units, people] = await Promise.all([
    // A retired unit organizes nothing new; an edit may keep the unit the event has.
    tx
      .select({ id: orgUnits.id })
      .from(orgUnits)
      .where(
        and(
          eq(orgUnits.id, input.organizingUnitId),
          or(isNull(orgUnits.retiredAt), currentUnitId ? eq(orgUnits.id, currentUnitId) : undefined),
        ),
      )
      .for('key share'),
    organizerIds.length === 0
      ? Promise.resolve([])
      : tx
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, organizerIds), isNotNull(users.emailVerifiedAt), organizing))
          .for('key share'),
  ]);
  const fields: Record<string, string> = {};
  if (units.length === 0) fields.organizingUnitId = EVENT_MESSAGES.unitInvalid;
  if (people.length !== organizerIds.length) fields.organizerIds = EVENT_MESSAGES.organizersInvalid;
  const messages = Object.values(fields);
  if (messages.length > 0) throw AppError.badRequest(messages[0]!, fields);
  return organizerIds;
}

function columnsOf(input: EventInput) {
  return {
    title: input.title,
    description: input.description ?? null,
    category: input.category,
    type: input.type ?? null,
    organizingUnitId: input.organizingUnitId,
    scheduleStart: dateOf(input.start),
    scheduleEnd: dateOf(input.end),
    venue: input.venue ?? null,
    mode: input.mode ?? null,
    registrationRequired: input.registrationRequired,
    registrationStart: dateOf(input.registrationStart),
    registrationEnd: dateOf(input.registrationEnd),
    registrationFees: input.registrationFees,
    maxParticipants: input.maxParticipants,
    budgetAllocated: input.budgetAllocated,
    sponsors: input.sponsors,
  };
}

async function addOrganizers(tx: Database, eventId: string, organizerIds: string[]): Promise<void> {
  if (organizerIds.length > 0)
    await tx.insert(eventOrganizers).values(organizerIds.map((userId) => ({ eventId, userId })));
}

/** The event the actor wants to change, or the reason they may not: 404, then 403. */
async function eventToChange(tx: Database, actor: EventActor, id: string, lock: boolean) {
  const select = tx
    .select({
      title: events.title,
      createdBy: events.createdBy,
      status: events.status,
      unitId: events.organizingUnitId,
    })
    .from(events)
    .where(eq(events.id, id));
  const [event] = await (lock ? select.for('update') : select);
  if (!event) throw AppError.notFound(EVENT_MESSAGES.notFound);
  if (!mayChangeEvent(actor, event)) throw AppError.forbidden(EVENT_MESSAGES.notAllowed);
  return event;
}

/** Creates an event by the actor (never anyone the request names), its organizers and its activity line, all or nothing. */
export async function addEvent(
  db: Database,
  actor: EventActor,
  input: EventInput,
): Promise<EventDetail> {
  if (actor.role === 'CLUB_COORDINATOR') {
    // A coordinator organizes for the club their account is linked to, never another unit.
    const clubId = await coordinatorClubId(db, actor.id);
    if (!clubId || clubId !== input.organizingUnitId.toLowerCase())
      throw AppError.forbidden(CLUB_MESSAGES.eventForOtherUnit);
  }
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const organizerIds = await checkReferences(tx, input);
    const [created] = await tx
      .insert(events)
      .values({ ...columnsOf(input), createdBy: actor.id })
      .returning({ id: events.id });
    await addOrganizers(tx, created!.id, organizerIds);
    await logActivity(tx, {
      type: 'event',
      actorId: actor.id,
      description: `New event: ${input.title}`,
      subjectType: 'event',
      subjectId: created!.id,
    });
    return (await readEvent(tx, actor, created!.id))!;
  });
}

/**
 * Replaces an event's details and organizers (its creator or the president). The row stays locked
 * from the check to the write, so an edit cannot land on an event cancelled meanwhile.
 */
export async function updateEvent(
  db: Database,
  actor: EventActor,
  id: string,
  input: EventInput,
): Promise<EventDetail> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const event = await eventToChange(tx, actor, id, true);
    if (event.status === 'cancelled') throw AppError.conflict(EVENT_MESSAGES.alreadyCancelled);
    const organizerIds = await checkReferences(tx, input, { id, unitId: event.unitId });
    await tx.update(events).set(columnsOf(input)).where(eq(events.id, id));
    await tx.delete(eventOrganizers).where(eq(eventOrganizers.eventId, id));
    await addOrganizers(tx, id, organizerIds);
    await logActivity(tx, {
      type: 'event',
      actorId: actor.id,
      description: `Event updated: ${input.title}`,
      subjectType: 'event',
      subjectId: id,
    });
    return (await readEvent(tx, actor, id))!;
  });
}

/**
 * Cancels an event (its creator or the president). Cancelling a cancelled event changes nothing
 * and logs nothing, also when two requests cancel it at the same moment: only the update that
 * finds it still open logs the cancellation.
 */
export async function cancelEvent(db: Database, actor: EventActor, id: string): Promise<EventDetail> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    await eventToChange(tx, actor, id, false);
    const now = new Date();
    // An event that took place (completed, or its time has passed) cannot be called off any more.
    const [cancelled] = await tx
      .update(events)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(events.id, id),
          notInArray(events.status, ['cancelled', 'completed']),
          sql`coalesce(${events.scheduleEnd}, ${events.scheduleStart}, ${now.toISOString()}::timestamptz) >= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ title: events.title });
    if (!cancelled) {
      const [current] = await tx
        .select({
          status: events.status,
          scheduleStart: events.scheduleStart,
          scheduleEnd: events.scheduleEnd,
        })
        .from(events)
        .where(eq(events.id, id))
        .limit(1);
      if (current && current.status !== 'cancelled' && hasTakenPlace(current, now))
        throw AppError.conflict(EVENT_MESSAGES.completedCannotBeCancelled);
    }
    if (cancelled) {
      await logActivity(tx, {
        type: 'event',
        actorId: actor.id,
        description: `Event cancelled: ${cancelled.title}`,
        subjectType: 'event',
        subjectId: id,
      });
    }
    return (await readEvent(tx, actor, id))!;
  });
}
