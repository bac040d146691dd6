import { randomUUID } from 'node:crypto';
import {
  activityLog,
  eventOrganizers,
  eventRegistrations,
  events,
  positionHolders,
  type NewActivity,
  type NewEventRecord,
  type NewEventRegistration,
  type NewPositionHolder,
} from '../schema/index';
import { insertInBatches } from './batch';
import { academicYearStart, DAY_MS, isoDate, istAt, tenureYear } from './dates';
import { anyOfficial, officialFor, type ScaleContext } from './scale-context';
import { EVENT_KINDS, HOLDER_FEEDBACK, SPONSORS, VENUES } from './scale-text';
import { catalogueSkills } from './skill-catalogue';
import { insertBookings } from './scale-bookings';
import { insertAchievements, insertFeedback, insertSkills } from './scale-student-records';

/** Position holders, events, skills, achievements, feedback, bookings and activity of a scale run. */
export async function insertScaleRecords(context: ScaleContext): Promise<void> {
  const activity: NewActivity[] = [];
  await insertHolders(context, activity);
  await insertEvents(context, activity);
  await insertSkills(context);
  await insertAchievements(context);
  await insertFeedback(context);
  await insertBookings(context, activity);
  await insertInBatches(context.db, activityLog, activity, { size: context.batchSize });
  context.counts.activity = activity.length;
  context.progress('activity', activity.length, activity.length);
}

async function insertHolders(context: ScaleContext, activity: NewActivity[]): Promise<void> {
  const { random, now } = context;
  const chosen = random.sample(context.students, Math.round(context.students.length * 0.1));
  const rows: NewPositionHolder[] = chosen.map((student) => {
    const position = random.pick(context.positions);
    const offset = random.weighted([
      [0, 50],
      [-1, 30],
      [-2, 20],
    ] as const);
    const status =
      offset === 0
        ? random.chance(0.92)
          ? 'active'
          : 'terminated'
        : random.chance(0.85)
          ? 'completed'
          : 'terminated';
    const appointer = anyOfficial(context);
    const start = Date.UTC(academicYearStart(now) + offset, 6, 15, 6, 0);
    const appointedAt = new Date(Math.min(now.getTime() - DAY_MS, start + random.int(0, 60) * DAY_MS));
    const id = randomUUID();
    if (offset === 0) {
      activity.push({
        type: 'cosa',
        actorId: appointer,
        description: `Appointed ${student.name} as ${position.title}, ${position.unitName}`,
        subjectType: 'position_holder',
        subjectId: id,
        createdAt: appointedAt,
      });
    }
    return {
      id,
      userId: student.id,
      positionId: position.id,
      tenureYear: tenureYear(now, offset),
      status,
      appointedBy: appointer,
      appointmentDate: appointer ? isoDate(appointedAt) : null,
      eventsOrganized: random.int(0, 8),
      budgetUtilized: random.int(0, 5_000_000) / 100,
      feedback: random.chance(0.3) ? random.pick(HOLDER_FEEDBACK) : null,
      createdAt: appointedAt,
      updatedAt: appointedAt,
    };
  });
  await insertInBatches(context.db, positionHolders, rows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('position holders', done, rows.length),
  });
  context.counts.positionHolders = rows.length;
}

/**
 * Registrations of an event taking them, in arrival order: seats to the first, the rest waiting (a
 * full event draws a crowd a fifth over its seats); at a past event seven in ten came.
 */
function registrationsOf(
  context: ScaleContext,
  eventId: string,
  event: NewEventRecord,
  past: boolean,
  into: NewEventRegistration[],
): void {
  const { random } = context;
  const seats = event.maxParticipants ?? 100;
  const wanted = Math.min(
    context.students.length,
    random.int(Math.floor(seats / 4), Math.ceil(seats * 1.2)),
  );
  const opened = event.registrationStart ?? context.now;
  random.sample(context.students, wanted).forEach((student, place) => {
    const confirmed = place < seats;
    into.push({
      eventId,
      userId: student.id,
      status: confirmed ? 'confirmed' : 'waitlisted',
      confirmedAt: confirmed ? opened : null,
      checkedInAt: confirmed && past && random.chance(0.7) ? event.scheduleStart : null,
      createdAt: opened,
    });
  });
}

async function insertEvents(context: ScaleContext, activity: NewActivity[]): Promise<void> {
  const { random, now } = context;
  const count = context.eventCount;
  const topics = catalogueSkills();
  const rows: NewEventRecord[] = [];
  const organizers: { eventId: string; userId: string }[] = [];
  const registrations: NewEventRegistration[] = [];
  for (let index = 0; index < count; index += 1) {
    const club = random.pick(context.clubs);
    const past = random.chance(0.6);
    const day = past ? -random.int(1, 365) : random.int(1, 120);
    const start = istAt(now, day, random.int(9, 19), random.pick([0, 30]));
    const topic = random.pick(topics.filter((skill) => skill.type === club.category));
    const title = `${random.pick(EVENT_KINDS[club.category] ?? ['Event'])}: ${topic.name}`;
    const createdAt = new Date(
      Math.min(now.getTime() - DAY_MS, start.getTime() - random.int(7, 40) * DAY_MS),
    );
    const registration = random.chance(0.4);
    const creator = officialFor(context, club.category);
    const id = randomUUID();
    rows.push({
      id,
      title,
      description: `${title}, organised by the ${club.name}.`,
      category: club.category as NewEventRecord['category'],
      type: title.split(':')[0] ?? null,
      organizingUnitId: club.id,
      scheduleStart: start,
      scheduleEnd: new Date(start.getTime() + random.int(1, 6) * 60 * 60 * 1000),
      venue: random.pick(VENUES),
      mode: random.weighted([
        ['offline', 70],
        ['hybrid', 20],
        ['online', 10],
      ] as const),
      registrationRequired: registration,
      registrationStart: registration ? createdAt : null,
      registrationEnd: registration ? new Date(start.getTime() - DAY_MS) : null,
      registrationFees: registration ? random.pick([0, 50, 100, 200]) : null,
      maxParticipants: registration ? random.int(30, 300) : null,
      budgetAllocated: random.int(0, 200) * 500,
      sponsors: random.chance(0.2) ? random.sample(SPONSORS, random.int(1, 2)) : [],
      status: past ? (random.chance(0.95) ? 'completed' : 'cancelled') : 'planned',
      createdBy: creator,
      createdAt,
    });
    for (const student of random.sample(context.students, random.int(1, 3)))
      organizers.push({ eventId: id, userId: student.id });
    if (registration) registrationsOf(context, id, rows.at(-1)!, past, registrations);
    context.events.push({ id, title, past });
    activity.push({
      type: 'event',
      actorId: creator,
      description: `Created the event ${title}`,
      subjectType: 'event',
      subjectId: id,
      createdAt,
    });
  }
  await insertInBatches(context.db, events, rows, { size: context.batchSize });
  await insertInBatches(context.db, eventOrganizers, organizers, { size: context.batchSize });
  await insertInBatches(context.db, eventRegistrations, registrations, { size: context.batchSize });
  context.counts.eventRegistrations = registrations.length;
  context.counts.events = rows.length;
  context.counts.eventOrganizers = organizers.length;
  context.progress('events', rows.length, rows.length);
}
