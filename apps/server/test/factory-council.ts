import { and, eq } from 'drizzle-orm';
import { currentTenure, DEFAULT_EMAIL_DOMAIN } from '@cosa/contracts';
import type { Database } from '../src/db/client';
import {
  eventOrganizers,
  eventRegistrations,
  events,
  feedback,
  orgUnits,
  positionHolders,
  positions,
  roomBookings,
  rooms,
} from '../src/db/schema/index';
import type * as S from '../src/db/schema/index';
import { DAY_MS, isoDate, next, only } from './factory-basics';
import { createUser } from './factory-people';

const COUNCIL_NAMES: Record<string, string> = {
  technical: 'Science & Technology Council',
  cultural: 'Cultural Council',
  sports: 'Sports Council',
  academic: 'Academic Council',
};

/**
 * The council (a unit of type committee) of a category, made once per database: the council whose
 * general secretary manages its clubs (the category names the general secretary's type).
 */
export async function councilOfCategory(db: Database, category: string): Promise<S.OrgUnit> {
  const find = () =>
    db
      .select()
      .from(orgUnits)
      .where(and(eq(orgUnits.type, 'committee'), eq(orgUnits.category, category)))
      .limit(1);
  const [found] = await find();
  if (found) return found;
  // Clubs made at once (Promise.all) may both find none: the first insert lands, the other reads it.
  await db
    .insert(orgUnits)
    .values({
      name: COUNCIL_NAMES[category] ?? `${category} Council`,
      type: 'committee',
      category,
      description: 'One of the four councils under the apex council.',
    })
    .onConflictDoNothing();
  return only(await find());
}

/**
 * A club unless another type is given. A club sits in the council of its category (technical unless
 * told), as on a real campus, unless a parent is given (null: a club outside the four councils).
 */
export async function createOrgUnit(
  db: Database,
  overrides: Partial<S.NewOrgUnit> = {},
): Promise<S.OrgUnit> {
  const n = next();
  const type = overrides.type ?? 'club';
  const parentId =
    'parentId' in overrides || type !== 'club'
      ? (overrides.parentId ?? null)
      : (await councilOfCategory(db, overrides.category ?? 'technical')).id;
  return only(
    await db
      .insert(orgUnits)
      .values({
        name: `Robotics Club ${n}`,
        type: 'club',
        category: 'technical',
        description: 'Builds robots and runs workshops for first-year students.',
        contactEmail: `robotics${n}@${DEFAULT_EMAIL_DOMAIN}`,
        budgetAllocated: 50_000,
        ...overrides,
        parentId,
      })
      .returning(),
  );
}

export async function createPosition(
  db: Database,
  overrides: Partial<S.NewPosition> = {},
): Promise<S.Position> {
  const n = next();
  const unitId = overrides.unitId ?? (await createOrgUnit(db)).id;
  return only(
    await db
      .insert(positions)
      .values({
        title: `Workshop Coordinator ${n}`,
        positionType: 'Coordinator',
        description: 'Plans and runs the weekly workshops.',
        responsibilities: ['Plan the workshop calendar', 'Book rooms and speakers'],
        skillsRequired: ['Communication'],
        ...overrides,
        unitId,
      })
      .returning(),
  );
}

export async function createPositionHolder(
  db: Database,
  overrides: Partial<S.NewPositionHolder> = {},
): Promise<S.PositionHolder> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const positionId = overrides.positionId ?? (await createPosition(db)).id;
  return only(
    await db
      .insert(positionHolders)
      .values({ tenureYear: currentTenure(), ...overrides, userId, positionId })
      .returning(),
  );
}

/** A planned event starting a week from now, lasting three hours. */
export async function createEvent(
  db: Database,
  overrides: Partial<S.NewEventRecord> = {},
): Promise<S.EventRecord> {
  const n = next();
  const start = new Date(Date.now() + 7 * DAY_MS);
  return only(
    await db
      .insert(events)
      .values({
        title: `Hackathon ${n}`,
        description: 'A 24-hour build sprint open to all students.',
        category: 'technical',
        type: 'Competition',
        scheduleStart: start,
        scheduleEnd: new Date(start.getTime() + 3 * 60 * 60 * 1000),
        venue: 'Lecture Hall 1',
        mode: 'offline',
        ...overrides,
      })
      .returning(),
  );
}

const TARGET_COLUMNS = ['targetUserId', 'targetEventId', 'targetUnitId', 'targetPositionId'] as const;

/** Feedback about a user unless another target type is given; the matching target is created when absent. */
export async function createFeedback(
  db: Database,
  overrides: Partial<S.NewFeedback> = {},
): Promise<S.Feedback> {
  const targetType = overrides.targetType ?? 'User';
  const target: Partial<S.NewFeedback> = {};
  if (!TARGET_COLUMNS.some((column) => column in overrides)) {
    if (targetType === 'User') target.targetUserId = (await createUser(db)).id;
    if (targetType === 'Event') target.targetEventId = (await createEvent(db)).id;
    if (targetType === 'Club/Organization') target.targetUnitId = (await createOrgUnit(db)).id;
    if (targetType === 'POR') target.targetPositionId = (await createPosition(db)).id;
  }
  const authorId = overrides.authorId ?? (await createUser(db)).id;
  return only(
    await db
      .insert(feedback)
      .values({
        type: 'Suggestion',
        rating: 4,
        comments: 'The workshop was useful; more hands-on time would help.',
        ...target,
        ...overrides,
        targetType,
        authorId,
      })
      .returning(),
  );
}

/** The room a migration seeds, e.g. 'Room A'. */
export async function findRoom(db: Database, name = 'Room A'): Promise<S.Room> {
  const [room] = await db.select().from(rooms).where(eq(rooms.name, name)).limit(1);
  if (!room) throw new Error(`room ${name} is missing`);
  return room;
}

/** A pending booking of Room A, tomorrow 10:00 to 11:00, unless told otherwise. */
export async function createRoomBooking(
  db: Database,
  overrides: Partial<S.NewRoomBooking> = {},
): Promise<S.RoomBooking> {
  const roomId = overrides.roomId ?? (await findRoom(db)).id;
  const requestedBy = overrides.requestedBy ?? (await createUser(db)).id;
  return only(
    await db
      .insert(roomBookings)
      .values({
        date: isoDate(new Date(Date.now() + DAY_MS)),
        startTime: '10:00',
        endTime: '11:00',
        description: 'Club meeting to plan the semester.',
        ...overrides,
        roomId,
        requestedBy,
      })
      .returning(),
  );
}

/** Makes the users organizers of the event. */
export async function addEventOrganizers(
  db: Database,
  eventId: string,
  userIds: string[],
): Promise<void> {
  await db.insert(eventOrganizers).values(userIds.map((userId) => ({ eventId, userId })));
}

/** A registration for an event: confirmed (the default), waitlisted or cancelled, checked in when `checkedInAt` is given. */
export async function createRegistration(
  db: Database,
  eventId: string,
  userId: string,
  overrides: Partial<S.NewEventRegistration> = {},
): Promise<S.EventRegistration> {
  const status = overrides.status ?? 'confirmed';
  return only(
    await db
      .insert(eventRegistrations)
      .values({
        eventId,
        userId,
        status,
        confirmedAt: status === 'confirmed' ? new Date() : null,
        ...overrides,
      })
      .returning(),
  );
}
