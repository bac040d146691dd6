import { and, asc, eq, gte, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { CalendarFeed } from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  calendarFeeds,
  clubFollows,
  eventRegistrations,
  events,
  orgUnits,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { calendarText, type FeedEvent } from './calendar-ics';

/* Calendar feeds: a person's private feed of the events they registered for and those of the clubs
 * they follow, behind a secret in its address, and every unit's public feed of its approved events
 * and those of the units below it. */

type Settings = Pick<Config, 'publicUrl' | 'INSTITUTE_SHORT_NAME'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a private feed reaches: a year of what the person took part in. */
const PRIVATE_PAST_DAYS = 365;
/** How far back a unit's feed reaches: the month just gone, then everything to come. */
const UNIT_PAST_DAYS = 30;
/** Most events one feed holds: far above a campus's year, a bound on one answer's work. */
const FEED_MAX = 2000;

/** One answer for every address that names no feed: unknown, revoked, malformed or of a deactivated account. */
const NO_FEED = 'No calendar feed has this address.';
/** A feed's secret as newToken makes it: 43 URL-safe characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const feedUrlOf = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/api/calendar/feeds/${token}.ics`;

/** Calendar programs ask for `<token>.ics`; the address also works without the ending. */
export const withoutIcs = (value: string): string => value.replace(/\.ics$/i, '');

/** Whether the person has a private feed and since when; its address is never shown again. */
export async function calendarFeedOf(db: Database, userId: string): Promise<CalendarFeed> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null, url: null };
}

/**
 * Makes the person's private feed a new secret address, which ends the old one in the same
 * statement; answers the address this once (only its hash is kept).
 */
export async function makeCalendarFeed(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  userId: string,
): Promise<CalendarFeed> {
  const token = newToken();
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: sql`now()` },
    })
    .returning({ createdAt: calendarFeeds.createdAt });
  return { active: true, createdAt: row!.createdAt.toISOString(), url: feedUrlOf(config, token) };
}

/** Ends the person's private feed: its address answers 404 from now on. */
export async function stopCalendarFeed(db: Database, userId: string): Promise<CalendarFeed> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: false, createdAt: null, url: null };
}

/** A registration that puts the event in the person's feed: a seat or a waitlist place. */
const HELD: ('confirmed' | 'waitlisted')[] = ['confirmed', 'waitlisted'];

const feedColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  venue: events.venue,
  start: events.scheduleStart,
  end: events.scheduleEnd,
  status: events.status,
  updatedAt: events.updatedAt,
  unitName: orgUnits.name,
};

/**
 * The approved events, not cancelled, organised by the clubs the person follows, starting since
 * `since`, leaving out those the feed already holds as the person's registrations.
 */
async function followedClubEvents(db: Database, userId: string, since: Date): Promise<FeedEvent[]> {
  const rows = await db
    .select(feedColumns)
    .from(clubFollows)
    .innerJoin(events, eq(events.organizingUnitId, clubFollows.unitId))
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(
      and(
        eq(clubFollows.userId, userId),
        eq(events.approval, 'approved'),
        ne(events.status, 'cancelled'),
        isNotNull(events.scheduleStart),
        gte(events.scheduleStart, since),
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventRegistrations)
            .where(
              and(
                eq(eventRegistrations.eventId, events.id),
                eq(eventRegistrations.userId, userId),
                inArray(eventRegistrations.status, HELD),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(events.scheduleStart), asc(events.id))
    .limit(FEED_MAX);
  return rows.map(({ start, ...event }) => ({ ...event, start: start! }));
}

const byStart = (a: FeedEvent, b: FeedEvent) =>
  a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id);

/**
 * The private feed of the person whose secret `token` is: the approved events they hold a seat or
 * a waitlist place for, and the approved events of the clubs they follow (each event once, as a
 * registration when it is one), from a year back; 404 for any address that names no active
 * account's feed.
 */
export async function privateFeed(db: Database, config: Settings, token: string): Promise<string> {
  const secret = withoutIcs(token);
  if (!TOKEN_SHAPE.test(secret)) throw AppError.notFound(NO_FEED);
  const [owner] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(secret)), isNull(users.deactivatedAt)))
    .limit(1);
  if (!owner) throw AppError.notFound(NO_FEED);
  const since = new Date(Date.now() - PRIVATE_PAST_DAYS * DAY_MS);
  const [rows, followed] = await Promise.all([
    db
      .select({ ...feedColumns, registration: eventRegistrations.status })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
      .where(
        and(
          eq(eventRegistrations.userId, owner.userId),
          inArray(eventRegistrations.status, HELD),
          eq(events.approval, 'approved'),
          isNotNull(events.scheduleStart),
          gte(events.scheduleStart, since),
        ),
      )
      .orderBy(asc(events.scheduleStart), asc(events.id))
      .limit(FEED_MAX),
    followedClubEvents(db, owner.userId, since),
  ]);
  const registered: FeedEvent[] = rows.map(({ registration, start, ...event }) => ({
    ...event,
    start: start!,
    waitlisted: registration === 'waitlisted',
  }));
  return calendarText(
    {
      publicUrl: config.publicUrl,
      name: `My events (${config.INSTITUTE_SHORT_NAME})`,
      description:
        'The events you registered for and the events of the clubs you follow, on the COSA Portal.',
    },
    [...registered, ...followed].sort(byStart).slice(0, FEED_MAX),
  );
}

/**
 * A unit's public feed: the approved events it or any unit below it organises (a council's feed
 * holds its clubs' events), from a month back onward, cancelled ones marked so; 404 for no unit.
 */
export async function unitFeed(db: Database, config: Settings, unitId: string): Promise<string> {
  const [unit] = await db
    .select({ name: orgUnits.name })
    .from(orgUnits)
    .where(eq(orgUnits.id, unitId))
    .limit(1);
  if (!unit) throw AppError.notFound('No unit has this id.');
  const below = sql`(with recursive below(id) as (
      select ${unitId}::uuid
      union
      select o.id from ${orgUnits} o join below b on o.parent_id = b.id
    ) select id from below)`;
  const rows = await db
    .select(feedColumns)
    .from(events)
    .leftJoin(orgUnits, eq(orgUnits.id, events.organizingUnitId))
    .where(
      and(
        sql`${events.organizingUnitId} in ${below}`,
        eq(events.approval, 'approved'),
        isNotNull(events.scheduleStart),
        gte(events.scheduleStart, new Date(Date.now() - UNIT_PAST_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(events.scheduleStart), asc(events.id))
    .limit(FEED_MAX);
  return calendarText(
    {
      publicUrl: config.publicUrl,
      name: `${unit.name} (${config.INSTITUTE_SHORT_NAME})`,
      description: `Events of ${unit.name} and the units under it, from the COSA Portal.`,
    },
    rows.map(({ start, ...event }) => ({ ...event, start: start! })),
  );
}
