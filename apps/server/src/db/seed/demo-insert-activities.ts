import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { DEFAULT_ROOMS } from '@cosa/contracts';
import type { Database } from '../client';
import {
  achievements,
  activityLog,
  eventOrganizers,
  events,
  feedback,
  roomBookings,
  rooms,
  type NewActivity,
  type NewEventRecord,
  type NewFeedback,
} from '../schema/index';
import { DAY_MS, daysAgo, isoDate, istAt } from './dates';
import { DEMO_ACHIEVEMENTS } from './demo-achievements';
import { DEMO_BOOKINGS } from './demo-bookings';
import { DEMO_EVENTS } from './demo-events';
import { DEMO_FEEDBACK, type DemoFeedback, type DemoTarget } from './demo-feedback';
import { DEMO_FEEDBACK_ANSWERED } from './demo-feedback-answered';
import { describeSlot } from '../../modules/rooms/bookings.service';
import { DEMO_HOLDERS } from './demo-holders';
import { lookup, type DemoIds } from './demo-ids';
import { insertTakeUp } from './demo-take-up';

const HOUR_MS = 60 * 60 * 1000;

/** Events and who came, achievements, feedback, room bookings and the activity log of the demo campus. */
export async function insertDemoActivities(db: Database, ids: DemoIds): Promise<void> {
  const activity: NewActivity[] = [];
  const eventIds = await insertEvents(db, ids, activity);
  await insertTakeUp(db, ids, eventIds);
  await insertAchievements(db, ids, eventIds);
  await insertFeedback(db, ids, eventIds);
  await insertBookings(db, ids, activity);
  for (const holder of DEMO_HOLDERS.filter((h) => h.tenure === 0 && h.person !== 'president')) {
    const person = lookup(ids.people, holder.person, 'person');
    const position = lookup(ids.positions, holder.position, 'position');
    activity.push({
      type: 'cosa',
      actorId: lookup(ids.people, 'president', 'person').id,
      description: `Appointed ${person.name} as ${position.title}`,
      subjectType: 'position',
      subjectId: position.id,
      createdAt: daysAgo(ids.now, 90 - activity.length),
    });
  }
  await db.insert(activityLog).values(activity);
}

async function insertEvents(
  db: Database,
  ids: DemoIds,
  activity: NewActivity[],
): Promise<Map<string, string>> {
  const { now } = ids;
  const eventIds = new Map<string, string>();
  const rows: NewEventRecord[] = [];
  const organizers: { eventId: string; userId: string }[] = [];
  for (const event of DEMO_EVENTS) {
    const id = randomUUID();
    eventIds.set(event.key, id);
    const start = istAt(now, event.day, event.at[0], event.at[1]);
    const createdAt = new Date(Math.min(now.getTime() - 2 * DAY_MS, start.getTime() - 21 * DAY_MS));
    const creator = lookup(ids.people, event.createdBy, 'person').id;
    rows.push({
      id,
      title: event.title,
      description: event.description,
      category: event.category,
      type: event.type,
      organizingUnitId: lookup(ids.units, event.unit, 'unit'),
      scheduleStart: start,
      scheduleEnd: new Date(start.getTime() + event.minutes * 60_000),
      venue: event.venue,
      mode: event.mode,
      registrationRequired: event.registration !== undefined,
      registrationStart: event.registration ? createdAt : null,
      registrationEnd: event.registration ? new Date(start.getTime() - HOUR_MS) : null,
      registrationFees: event.registration?.fees ?? null,
      maxParticipants: event.registration?.max ?? null,
      walkIns: (event.turnout?.walkIns ?? 0) > 0,
      budgetAllocated: event.budget,
      sponsors: event.sponsors ?? [],
      status: event.day < 0 ? 'completed' : 'planned',
      createdBy: creator,
      createdAt,
    });
    for (const organizer of event.organizers)
      organizers.push({ eventId: id, userId: lookup(ids.people, organizer, 'person').id });
    activity.push({
      type: 'event',
      actorId: creator,
      description: `Created the event ${event.title}`,
      subjectType: 'event',
      subjectId: id,
      createdAt,
    });
  }
  await db.insert(events).values(rows);
  await db.insert(eventOrganizers).values(organizers);
  return eventIds;
}

async function insertAchievements(
  db: Database,
  ids: DemoIds,
  eventIds: Map<string, string>,
): Promise<void> {
  const { now } = ids;
  const rows = DEMO_ACHIEVEMENTS.map((achievement, index) => {
    const createdAt = new Date(
      daysAgo(now, Math.max(achievement.daysAgo - 1, 0)).getTime() - (index + 1) * HOUR_MS,
    );
    const verifier = achievement.verifiedBy
      ? lookup(ids.people, achievement.verifiedBy, 'person').id
      : null;
    const certified = ['international', 'national', 'state'].includes(achievement.level);
    return {
      userId: lookup(ids.people, achievement.person, 'person').id,
      title: achievement.title,
      description: achievement.description,
      category: achievement.category,
      type: achievement.type,
      level: achievement.level,
      eventId: achievement.event ? lookup(eventIds, achievement.event, 'event') : null,
      dateAchieved: isoDate(daysAgo(now, achievement.daysAgo)),
      position: achievement.position,
      certificateUrl: certified
        ? `https://www.${ids.domain}/cosa/certificates/${achievement.person}-${index + 1}.pdf`
        : null,
      verified: verifier !== null,
      verifiedBy: verifier,
      verifiedAt: verifier ? new Date(Math.min(now.getTime(), createdAt.getTime() + 2 * DAY_MS)) : null,
      createdAt,
    };
  });
  await db.insert(achievements).values(rows);
}

function targetColumns(
  ids: DemoIds,
  eventIds: Map<string, string>,
  target: DemoTarget,
): Partial<NewFeedback> {
  switch (target.kind) {
    case 'User':
      return { targetUserId: lookup(ids.people, target.person, 'person').id };
    case 'Event':
      return { targetEventId: lookup(eventIds, target.event, 'event') };
    case 'Club/Organization':
      return { targetUnitId: lookup(ids.units, target.unit, 'unit') };
    case 'POR':
      return { targetPositionId: lookup(ids.positions, target.position, 'position').id };
  }
}

async function insertFeedback(db: Database, ids: DemoIds, eventIds: Map<string, string>): Promise<void> {
  const { now } = ids;
  const rows: NewFeedback[] = [...DEMO_FEEDBACK, ...DEMO_FEEDBACK_ANSWERED].map((item, index) => {
    const createdAt = new Date(daysAgo(now, item.daysAgo).getTime() - index * HOUR_MS);
    return {
      ...feedbackRow(ids, eventIds, item),
      createdAt,
      resolvedAt: resolvedAt(now, item, createdAt),
    };
  });
  await db.insert(feedback).values(rows);
}

function resolvedAt(now: Date, item: DemoFeedback, createdAt: Date): Date | null {
  if (!item.resolved) return null;
  if ('daysAgo' in item.resolved) return daysAgo(now, item.resolved.daysAgo);
  return new Date(Math.min(now.getTime(), createdAt.getTime() + item.resolved.afterHours * HOUR_MS));
}

function feedbackRow(ids: DemoIds, eventIds: Map<string, string>, item: DemoFeedback): NewFeedback {
  return {
    type: item.type,
    targetType: item.target.kind,
    ...targetColumns(ids, eventIds, item.target),
    rating: item.rating ?? null,
    comments: item.comments,
    isAnonymous: item.anonymous ?? false,
    authorId: lookup(ids.people, item.author, 'person').id,
    isResolved: item.resolved !== undefined,
    actionsTaken: item.resolved?.actions ?? null,
    resolvedBy: item.resolved ? lookup(ids.people, item.resolved.by, 'person').id : null,
  };
}

async function insertBookings(db: Database, ids: DemoIds, activity: NewActivity[]): Promise<void> {
  const { now } = ids;
  await db
    .insert(rooms)
    .values(DEFAULT_ROOMS.map((name) => ({ name })))
    .onConflictDoNothing();
  const found = await db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(inArray(rooms.name, [...DEFAULT_ROOMS]));
  const roomIds = new Map(found.map((room) => [room.name, room.id]));
  const president = lookup(ids.people, 'president', 'person').id;
  const rows = DEMO_BOOKINGS.map((booking, index) => {
    const id = randomUUID();
    const date = isoDate(new Date(now.getTime() + booking.day * DAY_MS));
    const createdAt = new Date(
      Math.min(now.getTime() - 3 * DAY_MS, now.getTime() + (booking.day - 5) * DAY_MS) + index * HOUR_MS,
    );
    const decided = booking.status !== 'Pending';
    const decidedAt = decided ? new Date(createdAt.getTime() + DAY_MS) : null;
    if (decided) {
      const verb = booking.status === 'Approved' ? 'Approved' : 'Rejected';
      activity.push({
        type: 'approval',
        actorId: president,
        description: `${verb} the booking of ${describeSlot(booking.room, date, booking.start, booking.end)}`,
        subjectType: 'room_booking',
        subjectId: id,
        createdAt: decidedAt ?? createdAt,
      });
    }
    return {
      id,
      roomId: lookup(roomIds, booking.room, 'room'),
      requestedBy: lookup(ids.people, booking.requester, 'person').id,
      date,
      startTime: booking.start,
      endTime: booking.end,
      description: booking.description,
      status: booking.status,
      decidedBy: decided ? president : null,
      decidedAt,
      createdAt,
    };
  });
  await db.insert(roomBookings).values(rows);
}
