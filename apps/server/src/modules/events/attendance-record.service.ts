import { and, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttendanceRecord } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { fixed } from '../../db/fixed';
import { instituteNameOf } from '../../db/institute-name';
import { prepared } from '../../db/prepared';
import { eventRegistrations, events, users } from '../../db/schema/index';

/*
 * Attendance on the record: a confirmed registration the door checked in, of an approved event
 * that was not cancelled. The profile, a person's page and the transcript read it from here, so
 * the three never disagree on what counts.
 */

type Reader = Pick<Database, 'select'>;

/** The organiser or official who checked the person in, named as the institute names them. */
const checker = alias(users, 'checker');

/** SQL: the registration (joined with its event) is attendance on the record. */
const attendedCondition: SQL = and(
  fixed(eventRegistrations.status, 'confirmed'),
  isNotNull(eventRegistrations.checkedInAt),
  fixed(events.approval, 'approved'),
  ne(events.status, 'cancelled').inlineParams(),
)!;

/** One attended event, as the transcript freezes it. */
export type AttendedEvent = {
  id: string;
  eventId: string;
  title: string;
  checkedInAt: string;
  checkedInBy: string | null;
};

const columns = {
  id: eventRegistrations.id,
  eventId: events.id,
  title: events.title,
  checkedInAt: eventRegistrations.checkedInAt,
  checkedInBy: instituteNameOf(checker),
};

const iso = (value: Date | null) => (value ?? new Date(0)).toISOString();

/**
 * The person's attended events, latest check-in first; `ids` narrows them to the chosen
 * registrations (another person's, or one that does not count, is simply not found).
 */
export async function attendanceOnRecord(
  db: Reader,
  userId: string,
  ids?: string[],
): Promise<AttendedEvent[]> {
  const rows = await db
    .select(columns)
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(checker, eq(checker.id, eventRegistrations.checkedInBy))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        attendedCondition,
        ids ? inArray(eventRegistrations.id, ids) : undefined,
      ),
    )
    .orderBy(desc(eventRegistrations.checkedInAt), desc(eventRegistrations.id));
  return rows.map((row) => ({ ...row, checkedInAt: iso(row.checkedInAt) }));
}

/** Prepared once per connection: every profile and person page reads it. */
const attendedStatement = (db: Database, name: string) =>
  db
    .select(columns)
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(checker, eq(checker.id, eventRegistrations.checkedInBy))
    .where(and(eq(eventRegistrations.userId, sql.placeholder('userId')), attendedCondition))
    .orderBy(desc(eventRegistrations.checkedInAt), desc(eventRegistrations.id))
    .prepare(name);

/** The events a person attended, as their profile and their page show them, latest first. */
export async function attendedEvents(db: Database, userId: string): Promise<AttendanceRecord[]> {
  const rows = await prepared(db, 'attended_events', attendedStatement).execute({ userId });
  return rows.map((row) => ({
    id: row.id,
    event: { id: row.eventId, title: row.title },
    checkedInAt: iso(row.checkedInAt),
    checkedInBy: row.checkedInBy,
  }));
}
