import { inArray } from 'drizzle-orm';
import type { Database } from '../client';
import {
  clubMemberships,
  eventRegistrations,
  events,
  users,
  type NewEventRegistration,
} from '../schema/index';
import { DAY_MS } from './dates';
import { DEMO_CLUBS } from './demo-clubs';
import { DEMO_EVENTS, type DemoEvent } from './demo-events';
import { DEMO_HOLDERS } from './demo-holders';
import { lookup, type DemoIds } from './demo-ids';
import { DEMO_BYSTANDERS, DEMO_MORE_STUDENTS, DEMO_STUDENTS } from './demo-people';
import { DEMO_POSITIONS } from './demo-positions';
import { createRandom, type Random } from './random';

/* Who took part in the demo campus: the clubs' rosters, and the seats and check-ins of its past events. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type NewMembership = typeof clubMemberships.$inferInsert;
type Joiner = { key: string; id: string; since: number };

/**
 * The students who join clubs and come to events: every demo student but the bystanders. The demo
 * accounts (student@, the officials) take part in nothing here: the pages the browser tests read
 * of them stay as they are.
 */
const JOINER_KEYS = [...DEMO_STUDENTS, ...DEMO_MORE_STUDENTS]
  .map((person) => person.key)
  .filter((key) => !DEMO_BYSTANDERS.includes(key));

/** Club rosters, and the seats and check-ins of the past events; call after the events are in. */
export async function insertTakeUp(
  db: Database,
  ids: DemoIds,
  eventIds: Map<string, string>,
): Promise<void> {
  // A generator of its own: what was drawn before comes out as it always has.
  const random = createRandom(44);
  const people = JOINER_KEYS.map((key) => lookup(ids.people, key, 'person'));
  const accounts = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(
      inArray(
        users.id,
        people.map((person) => person.id),
      ),
    );
  const since = new Map(accounts.map((row) => [row.id, row.createdAt.getTime()]));
  const joiners = JOINER_KEYS.map((key, index) => {
    const id = people[index]!.id;
    return { key, id, since: since.get(id) ?? ids.now.getTime() };
  });
  await db.insert(clubMemberships).values(membershipsOf(ids, joiners, random));
  await insertSeats(db, ids, eventIds, joiners, random);
}

/** The club whose office each joiner holds this year: they are on its roster too. */
function officesOf(): Map<string, string> {
  const clubs = new Set(DEMO_CLUBS.map((club) => club.key));
  const offices = new Map<string, string>();
  for (const holder of DEMO_HOLDERS.filter((h) => h.tenure === 0)) {
    const unit = DEMO_POSITIONS.find((position) => position.key === holder.position)?.unit;
    if (unit && clubs.has(unit)) offices.set(holder.person, unit);
  }
  return offices;
}

/** Every joiner belongs to one to three clubs since some day after they came; a few left one this term. */
function membershipsOf(ids: DemoIds, joiners: Joiner[], random: Random): NewMembership[] {
  const now = ids.now.getTime();
  const clubs = DEMO_CLUBS.map((club) => club.key);
  const offices = officesOf();
  const rows: NewMembership[] = [];
  joiners.forEach((joiner, index) => {
    const office = offices.get(joiner.key);
    const count = random.weighted([
      [1, 45],
      [2, 40],
      [3, 15],
    ] as const);
    const picked = office
      ? [
          office,
          ...random.sample(
            clubs.filter((club) => club !== office),
            count - 1,
          ),
        ]
      : random.sample(clubs, count);
    picked.forEach((club, place) => {
      const startedAt = joiner.since + (0.05 + random.next() * 0.85) * (now - joiner.since);
      // Every eighth joiner with two clubs or more gave up their last one a few weeks ago.
      const left = place > 0 && place === picked.length - 1 && index % 8 === 3;
      const endedAt = left ? Math.max(startedAt, now - random.int(5, 40) * DAY_MS) : null;
      rows.push({
        unitId: lookup(ids.units, club, 'club'),
        userId: joiner.id,
        role: club === office ? 'Core member' : 'Member',
        startedAt: new Date(startedAt),
        endedAt: endedAt === null ? null : new Date(endedAt),
        endReason: left ? 'Left the club: too little time alongside the semester’s projects.' : null,
        endedBy: left ? joiner.id : null,
        createdAt: new Date(startedAt),
        updatedAt: new Date(endedAt ?? startedAt),
      });
    });
  });
  return rows;
}

type Door = {
  start: number;
  opens: number;
  closes: number;
  fees: number;
  keeper: string;
};

/** The past events' seats (in the order they were taken), cancellations, check-ins and walk-ins. */
async function insertSeats(
  db: Database,
  ids: DemoIds,
  eventIds: Map<string, string>,
  joiners: Joiner[],
  random: Random,
): Promise<void> {
  const rows = await db
    .select({
      id: events.id,
      start: events.scheduleStart,
      opens: events.registrationStart,
      closes: events.registrationEnd,
      fees: events.registrationFees,
    })
    .from(events)
    .where(inArray(events.id, [...eventIds.values()]));
  const seats: NewEventRegistration[] = [];
  for (const event of DEMO_EVENTS) {
    // Upcoming events keep the seats the browser tests take.
    if (!event.turnout || event.day >= 0) continue;
    const eventId = lookup(eventIds, event.key, 'event');
    const row = rows.find((candidate) => candidate.id === eventId);
    if (!row?.start) continue;
    const start = row.start.getTime();
    const door: Door = {
      start,
      opens: row.opens?.getTime() ?? start - 14 * DAY_MS,
      closes: row.closes?.getTime() ?? start - HOUR_MS,
      fees: row.fees ?? 0,
      // The first organiser ran the door and marked the fees paid; organisers take no seat.
      keeper: lookup(ids.people, event.organizers[0] ?? event.createdBy, 'person').id,
    };
    const comers = joiners.filter((joiner) => !event.organizers.includes(joiner.key));
    seats.push(...seatsOf(event, eventId, door, comers, random));
  }
  seats.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  await db.insert(eventRegistrations).values(seats);
}

function seatsOf(
  event: DemoEvent,
  eventId: string,
  door: Door,
  comers: Joiner[],
  random: Random,
): NewEventRegistration[] {
  const { seats, absent, cancelled = 0, walkIns = 0 } = event.turnout!;
  // Only people whose account was there when the registration opened booked a seat.
  const booking = random.sample(
    comers.filter((joiner) => joiner.since < door.opens),
    seats + cancelled,
  );
  const taken = new Set(booking.map((joiner) => joiner.id));
  const walking = random.sample(
    comers.filter((joiner) => !taken.has(joiner.id) && joiner.since < door.start),
    walkIns,
  );
  const at = (time: number) => new Date(time);
  const arrivals = booking
    .map(() => door.opens + random.next() * (door.closes - door.opens))
    .sort((a, b) => a - b);
  const gaveUp = new Set(random.sample([...booking.keys()], cancelled));
  const stayed = [...booking.keys()].filter((place) => !gaveUp.has(place));
  const away = new Set(random.sample(stayed, absent));
  const rows: NewEventRegistration[] = booking.map((joiner, place) => {
    const booked = arrivals[place]!;
    if (gaveUp.has(place)) {
      const cancelledAt = Math.min(door.closes, booked + random.int(2, 72) * HOUR_MS);
      return {
        eventId,
        userId: joiner.id,
        status: 'cancelled',
        confirmedAt: at(booked),
        cancelledAt: at(cancelledAt),
        createdAt: at(booked),
        updatedAt: at(cancelledAt),
      };
    }
    const came = !away.has(place);
    // Most pay when they book; some who never came had not paid either.
    const paid = door.fees > 0 && (came || random.chance(0.5));
    const paidAt = Math.min(door.closes, booked + random.int(1, 48) * HOUR_MS);
    const checkedInAt = door.start + random.int(-20, 45) * MINUTE_MS;
    return {
      eventId,
      userId: joiner.id,
      status: 'confirmed',
      confirmedAt: at(booked),
      paidAt: paid ? at(paidAt) : null,
      paidMarkedBy: paid ? door.keeper : null,
      checkedInAt: came ? at(checkedInAt) : null,
      checkedInBy: came ? door.keeper : null,
      createdAt: at(booked),
      updatedAt: at(came ? checkedInAt : paid ? paidAt : booked),
    };
  });
  for (const joiner of walking) {
    const arrived = at(door.start + random.int(0, 60) * MINUTE_MS);
    rows.push({
      eventId,
      userId: joiner.id,
      status: 'confirmed',
      walkIn: true,
      confirmedAt: arrived,
      checkedInAt: arrived,
      checkedInBy: door.keeper,
      createdAt: arrived,
      updatedAt: arrived,
    });
  }
  return rows;
}
