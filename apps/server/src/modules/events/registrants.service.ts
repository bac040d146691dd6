import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REGISTRATION_MESSAGES,
  type MyEvents,
  type Registrant,
  type RegistrationList,
  type RegistrationListQuery,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventRegistrations, events, orgUnits, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { csvLabel, EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { containsPattern } from '../../lib/search';
import { managedEvent } from './event-standing.service';
import type { EventActor } from './events.policy';

/* An event's registrants as its organisers see them; a person's own registrations. */

const checker = alias(users, 'checker');

/** The registrant's place on the waitlist, 1 for the first; null when not waiting. */
const waitlistPlace = sql<number | null>`case when ${eventRegistrations.status} = 'waitlisted' then (
  select count(*)::int from event_registrations w
  where w.event_id = ${eventRegistrations.eventId} and w.status = 'waitlisted' and w.seq <= ${eventRegistrations.seq}) end`;

const registrantColumns = {
  id: eventRegistrations.id,
  userId: eventRegistrations.userId,
  name: users.name,
  studentId: users.studentId,
  email: users.email,
  status: eventRegistrations.status,
  waitlistPlace,
  walkIn: eventRegistrations.walkIn,
  paidAt: eventRegistrations.paidAt,
  checkedInAt: eventRegistrations.checkedInAt,
  checkedInBy: checker.name,
  createdAt: eventRegistrations.createdAt,
  seq: eventRegistrations.seq,
};

const registrantRows = (db: Database) =>
  db
    .select(registrantColumns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .leftJoin(checker, eq(checker.id, eventRegistrations.checkedInBy));

type Row = Awaited<ReturnType<ReturnType<typeof registrantRows>['execute']>>[number];

const toRegistrant = (row: Row): Registrant => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  studentId: row.studentId,
  email: row.email,
  status: row.status,
  waitlistPlace: row.waitlistPlace,
  walkIn: row.walkIn,
  paid: row.paidAt !== null,
  checkedInAt: row.checkedInAt?.toISOString() ?? null,
  checkedInBy: row.checkedInAt ? row.checkedInBy : null,
  registeredAt: row.createdAt.toISOString(),
});

/** The list's filter: a status, checked in, or (once the event started) a no-show; and the search. */
function filterOf(
  eventId: string,
  query: Omit<RegistrationListQuery, 'page' | 'pageSize'>,
  started: boolean,
): SQL | undefined {
  const status: Record<RegistrationListQuery['status'], SQL | undefined> = {
    all: undefined,
    confirmed: eq(eventRegistrations.status, 'confirmed'),
    waitlisted: eq(eventRegistrations.status, 'waitlisted'),
    cancelled: eq(eventRegistrations.status, 'cancelled'),
    checked_in: isNotNull(eventRegistrations.checkedInAt),
    no_show: started
      ? and(eq(eventRegistrations.status, 'confirmed'), isNull(eventRegistrations.checkedInAt))
      : sql`false`,
  };
  const pattern = query.q ? containsPattern(query.q) : null;
  return and(
    eq(eventRegistrations.eventId, eventId),
    status[query.status],
    pattern
      ? or(ilike(users.name, pattern), ilike(users.studentId, pattern), ilike(users.email, pattern))
      : undefined,
  );
}

/** The order of the list: seats and the waitlist in arrival order, cancelled last. */
const order = [
  sql`case ${eventRegistrations.status} when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`,
  asc(eventRegistrations.seq),
];

/** GET /api/events/{id}/registrations: searched, filtered and paged, with the counts of each kind. */
export async function listRegistrants(
  db: Database,
  actor: EventActor,
  eventId: string,
  query: RegistrationListQuery,
): Promise<RegistrationList> {
  const { event } = await managedEvent(db, actor, eventId);
  const started = event.scheduleStart !== null && event.scheduleStart.getTime() <= Date.now();
  const where = filterOf(eventId, query, started);
  const [rows, [counts], [total]] = await Promise.all([
    registrantRows(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        confirmed: sql<number>`count(*) filter (where status = 'confirmed')`.mapWith(Number),
        waitlisted: sql<number>`count(*) filter (where status = 'waitlisted')`.mapWith(Number),
        cancelled: sql<number>`count(*) filter (where status = 'cancelled')`.mapWith(Number),
        checkedIn: sql<number>`count(*) filter (where checked_in_at is not null)`.mapWith(Number),
        noShows:
          sql<number>`count(*) filter (where status = 'confirmed' and checked_in_at is null)`.mapWith(
            Number,
          ),
      })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId)),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .where(where),
  ]);
  return {
    items: rows.map(toRegistrant),
    total: total?.count ?? 0,
    overall: counts!.confirmed + counts!.waitlisted + counts!.cancelled,
    page: query.page,
    pageSize: query.pageSize,
    counts: { ...counts!, noShows: started ? counts!.noShows : 0 },
  };
}

const COLUMNS: readonly CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Student ID', value: (row) => row.studentId },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Status', value: (row) => csvLabel(row.status) },
  { header: 'Waitlist place', value: (row) => row.waitlistPlace },
  { header: 'Walk-in', value: (row) => (row.walkIn ? 'Yes' : 'No') },
  { header: 'Fee paid', value: (row) => (row.paidAt ? 'Yes' : 'No') },
  { header: 'Registered', value: (row) => row.createdAt },
  { header: 'Checked in', value: (row) => row.checkedInAt },
  { header: 'Checked in by', value: (row) => (row.checkedInAt ? row.checkedInBy : null) },
];

/** The list as CSV with the same filters, in the list's order, a page at a time. */
export async function registrantsExport(
  db: Database,
  actor: EventActor,
  eventId: string,
  query: Omit<RegistrationListQuery, 'page' | 'pageSize'>,
) {
  const { event } = await managedEvent(db, actor, eventId);
  const started = event.scheduleStart !== null && event.scheduleStart.getTime() <= Date.now();
  const where = filterOf(eventId, query, started);
  // Keyset on (rank, seq): the rank of the status, then arrival order.
  const rank = sql<number>`case ${eventRegistrations.status} when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`;
  const read: PageReader<Row> = (last) =>
    registrantRows(db)
      .where(
        and(
          where,
          last
            ? sql`(${rank}, ${eventRegistrations.seq}) > (${rankOf(last.status)}, ${last.seq})`
            : undefined,
        ),
      )
      .orderBy(...order)
      .limit(EXPORT_PAGE_SIZE);
  // The registrants the file names, with their student id and e-mail: one row each in the access log.
  const subjects = sql`select ${eventRegistrations.userId} as user_id from ${eventRegistrations}
    join ${users} on ${users.id} = ${eventRegistrations.userId} where ${where ?? sql`true`}`;
  return { read, columns: COLUMNS, title: event.title, subjects };
}

const rankOf = (status: string) => (status === 'confirmed' ? 0 : status === 'waitlisted' ? 1 : 2);

/** Marks a registrant's fee paid or not (payment happens outside the portal). */
export async function markPaid(
  db: Database,
  actor: EventActor,
  eventId: string,
  registrationId: string,
  paid: boolean,
): Promise<Registrant> {
  const { event } = await managedEvent(db, actor, eventId);
  if (paid && !event.registrationFees) throw AppError.conflict(REGISTRATION_MESSAGES.noFee);
  const [updated] = await db
    .update(eventRegistrations)
    .set(
      paid
        ? { paidAt: sql`coalesce(${eventRegistrations.paidAt}, now())`, paidMarkedBy: actor.id }
        : { paidAt: null, paidMarkedBy: null },
    )
    .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)))
    .returning({ id: eventRegistrations.id });
  if (!updated) throw AppError.notFound('Registration not found.');
  const [row] = await registrantRows(db).where(eq(eventRegistrations.id, registrationId)).limit(1);
  return toRegistrant(row!);
}

/** GET /api/me/registrations: the person's live registrations and past attendance, soonest first. */
export async function myRegistrations(db: Database, userId: string): Promise<MyEvents> {
  const rows = await db
    .select({
      event: {
        id: events.id,
        title: events.title,
        start: events.scheduleStart,
        end: events.scheduleEnd,
        venue: events.venue,
        status: events.status,
        unitName: orgUnits.name,
      },
      registration: {
        id: eventRegistrations.id,
        status: eventRegistrations.status,
        waitlistPlace,
        confirmedAt: eventRegistrations.confirmedAt,
        promotedAt: eventRegistrations.promotedAt,
        checkedInAt: eventRegistrations.checkedInAt,
        paidAt: eventRegistrations.paidAt,
      },
      over: sql<boolean>`coalesce(${events.scheduleEnd}, ${events.scheduleStart}, 'infinity') < now()`,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        sql`${eventRegistrations.status} in ('confirmed', 'waitlisted')`,
      ),
    )
    .orderBy(sql`${events.scheduleStart} asc nulls last`, asc(events.id))
    .limit(500);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const items = rows.map(({ event, registration, over }) => ({
    over,
    item: {
      event: { ...event, start: iso(event.start), end: iso(event.end) },
      registration: {
        id: registration.id,
        status: registration.status,
        waitlistPlace: registration.waitlistPlace,
        confirmedAt: iso(registration.confirmedAt),
        promotedAt: iso(registration.promotedAt),
        checkedInAt: iso(registration.checkedInAt),
        paid: registration.paidAt !== null,
      },
    },
  }));
  return {
    upcoming: items.filter((row) => !row.over).map((row) => row.item),
    past: items
      .filter((row) => row.over)
      .map((row) => row.item)
      .reverse(),
  };
}
