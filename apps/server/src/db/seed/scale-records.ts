import { randomUUID } from 'node:crypto';
import { and, gte, inArray, lte } from 'drizzle-orm';
import {
  ACHIEVEMENT_LEVELS,
  FEEDBACK_TARGET_TYPE_VALUES,
  FEEDBACK_TYPES,
  PROFICIENCY_LEVELS,
} from '@cosa/contracts';
import {
  achievements,
  activityLog,
  eventOrganizers,
  events,
  feedback,
  positionHolders,
  roomBookings,
  rooms,
  skills,
  userSkills,
  type NewAchievement,
  type NewActivity,
  type NewEventRecord,
  type NewFeedback,
  type NewPositionHolder,
  type NewRoomBooking,
  type NewUserSkill,
} from '../schema/index';
import { describeSlot } from '../../modules/rooms/bookings.service';
import { insertInBatches } from './batch';
import { academicYearStart, DAY_MS, isoDate, istAt, tenureYear } from './dates';
import { anyOfficial, momentAgo, officialFor, type ScaleContext } from './scale-context';
import {
  ACHIEVEMENT_POSITIONS,
  ACHIEVEMENT_TITLES,
  BOOKING_PURPOSES,
  EVENT_KINDS,
  FEEDBACK_COMMENTS,
  HOLDER_FEEDBACK,
  RESOLUTIONS,
  SPONSORS,
  VENUES,
} from './scale-text';
import { catalogueSkills } from './skill-catalogue';

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

async function insertEvents(context: ScaleContext, activity: NewActivity[]): Promise<void> {
  const { random, now } = context;
  const count = Math.max(1, Math.round(context.students.length / 100));
  const topics = catalogueSkills();
  const rows: NewEventRecord[] = [];
  const organizers: { eventId: string; userId: string }[] = [];
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
  context.counts.events = rows.length;
  context.counts.eventOrganizers = organizers.length;
  context.progress('events', rows.length, rows.length);
}

/** Adds the catalogue skills the campus lacks, then about three skills per student. */
async function insertSkills(context: ScaleContext): Promise<void> {
  const { random } = context;
  const existing = new Set(
    (await context.db.select({ name: skills.name }).from(skills)).map((skill) =>
      skill.name.toLowerCase(),
    ),
  );
  const missing = catalogueSkills().filter((skill) => !existing.has(skill.name.toLowerCase()));
  const skillRows = missing.map((skill) => {
    const endorser = random.chance(0.6) ? officialFor(context, skill.type) : null;
    const createdAt = momentAgo(context, 200, 900);
    return {
      name: skill.name,
      category: skill.category,
      type: skill.type,
      description: `${skill.name} (${skill.category.toLowerCase()}).`,
      isEndorsed: endorser !== null,
      endorsedBy: endorser,
      endorsedAt: endorser ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdAt,
    };
  });
  await insertInBatches(context.db, skills, skillRows, { size: context.batchSize });
  context.counts.skills = skillRows.length;

  const catalogue = await context.db.select({ id: skills.id, type: skills.type }).from(skills);
  const rows: NewUserSkill[] = [];
  for (const student of context.students) {
    const picked = new Set<number>();
    while (picked.size < Math.min(3, catalogue.length)) picked.add(random.int(0, catalogue.length - 1));
    for (const index of picked) {
      const skill = catalogue[index]!;
      const endorser = random.chance(0.4) ? officialFor(context, skill.type) : null;
      const createdAt = momentAgo(context, 1, 365);
      rows.push({
        userId: student.id,
        skillId: skill.id,
        proficiencyLevel: random.pick(PROFICIENCY_LEVELS),
        isEndorsed: endorser !== null,
        endorsedBy: endorser,
        endorsedAt: endorser ? new Date(createdAt.getTime() + DAY_MS) : null,
        createdAt,
      });
    }
  }
  await insertInBatches(context.db, userSkills, rows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('user skills', done, rows.length),
  });
  context.counts.userSkills = rows.length;
}

async function insertAchievements(context: ScaleContext): Promise<void> {
  const { random } = context;
  const pastEvents = context.events.filter((event) => event.past);
  const rows: NewAchievement[] = [];
  for (const student of context.students) {
    for (let n = random.chance(0.5) ? 2 : 1; n > 0; n -= 1) {
      const type = random.weighted([
        ['technical', 30],
        ['cultural', 25],
        ['sports', 25],
        ['academic', 15],
        ['other', 5],
      ] as const);
      const title = `${random.pick(ACHIEVEMENT_TITLES[type] ?? ['Award'])} ${random.pick(ACHIEVEMENT_POSITIONS)}`;
      const verifier = random.chance(0.55) ? officialFor(context, type) : null;
      const createdAt = momentAgo(context, 1, 700);
      const event = pastEvents.length > 0 && random.chance(0.25) ? random.pick(pastEvents) : null;
      rows.push({
        userId: student.id,
        title,
        description: `${title}.`,
        category: title.split(' ')[0] ?? null,
        type,
        level: random.weighted(
          ACHIEVEMENT_LEVELS.map((level, i) => [level, [2, 8, 15, 20, 55][i] ?? 10] as const),
        ),
        eventId: event?.id ?? null,
        dateAchieved: isoDate(new Date(createdAt.getTime() - random.int(0, 30) * DAY_MS)),
        position: random.pick(['Winner', '1st', '2nd', '3rd', 'Finalist', 'Participant']),
        certificateUrl: random.chance(0.3)
          ? `https://www.${context.domain}/cosa/certificates/${student.id}-${n}.pdf`
          : null,
        verified: verifier !== null,
        verifiedBy: verifier,
        verifiedAt: verifier
          ? new Date(Math.min(context.now.getTime(), createdAt.getTime() + 3 * DAY_MS))
          : null,
        createdAt,
      });
    }
  }
  await insertInBatches(context.db, achievements, rows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('achievements', done, rows.length),
  });
  context.counts.achievements = rows.length;
}

async function insertFeedback(context: ScaleContext): Promise<void> {
  const { random, students } = context;
  const rows: NewFeedback[] = students.map((author, index) => {
    const targetType = random.pick(FEEDBACK_TARGET_TYPE_VALUES);
    let target: Partial<NewFeedback>;
    let name: string;
    if (targetType === 'User') {
      const other =
        students[(index + random.int(1, Math.max(1, students.length - 1))) % students.length]!;
      [target, name] = [{ targetUserId: other.id }, other.name];
    } else if (targetType === 'Event') {
      const event = random.pick(context.events);
      [target, name] = [{ targetEventId: event.id }, event.title];
    } else if (targetType === 'Club/Organization') {
      const club = random.pick(context.clubs);
      [target, name] = [{ targetUnitId: club.id }, club.name];
    } else {
      const position = random.pick(context.positions);
      [target, name] = [{ targetPositionId: position.id }, `${position.title} (${position.unitName})`];
    }
    const createdAt = momentAgo(context, 0, 365);
    const resolver = random.chance(0.4) ? anyOfficial(context) : null;
    const resolvedAt = resolver
      ? new Date(Math.min(context.now.getTime(), createdAt.getTime() + random.int(1, 10) * DAY_MS))
      : null;
    return {
      type: random.pick(FEEDBACK_TYPES),
      targetType,
      ...target,
      rating: random.chance(0.85) ? random.int(1, 5) : null,
      comments: random.pick(FEEDBACK_COMMENTS[targetType] ?? ['{name}']).replace('{name}', name),
      isAnonymous: random.chance(0.25),
      authorId: author.id,
      isResolved: resolvedAt !== null,
      actionsTaken: resolvedAt ? random.pick(RESOLUTIONS) : null,
      resolvedBy: resolver,
      resolvedAt,
      createdAt,
    };
  });
  await insertInBatches(context.db, feedback, rows, {
    size: context.batchSize,
    onBatch: (done) => context.progress('feedback', done, rows.length),
  });
  context.counts.feedback = rows.length;
}

/** About one booking per 50 students over four months; approved ones never overlap, including earlier ones. */
async function insertBookings(context: ScaleContext, activity: NewActivity[]): Promise<void> {
  const { random, now } = context;
  const roomList = await context.db.select({ id: rooms.id, name: rooms.name }).from(rooms);
  if (roomList.length === 0) return;
  const [from, to] = [
    isoDate(new Date(now.getTime() - 60 * DAY_MS)),
    isoDate(new Date(now.getTime() + 60 * DAY_MS)),
  ];
  const earlier = await context.db
    .select({
      roomId: roomBookings.roomId,
      requestedBy: roomBookings.requestedBy,
      status: roomBookings.status,
      date: roomBookings.date,
      start: roomBookings.startTime,
      end: roomBookings.endTime,
    })
    .from(roomBookings)
    .where(
      and(
        inArray(roomBookings.status, ['Approved', 'Pending']),
        gte(roomBookings.date, from),
        lte(roomBookings.date, to),
      ),
    );
  const approved = earlier.filter((row) => row.status === 'Approved');
  const busy = new Set<string>();
  const hoursOf = (start: string, end: string) => {
    const [first, last] = [
      Number(start.slice(0, 2)),
      Math.ceil(Number(end.slice(0, 2)) + Number(end.slice(3, 5)) / 60),
    ];
    return Array.from({ length: Math.max(1, last - first) }, (_, i) => first + i);
  };
  for (const row of approved)
    for (const hour of hoursOf(row.start, row.end)) busy.add(`${row.roomId}|${row.date}|${hour}`);

  const count = Math.max(1, Math.round(context.students.length / 50));
  const rows: NewRoomBooking[] = [];
  // One requester never has the same request waiting twice (a unique index holds it), this run's or an earlier one's.
  const waiting = new Set(
    earlier
      .filter((row) => row.status === 'Pending')
      .map(
        (row) =>
          `${row.requestedBy}|${row.roomId}|${row.date}|${row.start.slice(0, 5)}|${row.end.slice(0, 5)}`,
      ),
  );
  for (let index = 0; index < count; index += 1) {
    const room = random.pick(roomList);
    const day = random.int(-60, 60);
    const date = isoDate(new Date(now.getTime() + day * DAY_MS));
    const hour = random.int(8, 19);
    const length = random.int(1, 2);
    const [start, end] = [
      `${String(hour).padStart(2, '0')}:00`,
      `${String(hour + length).padStart(2, '0')}:00`,
    ];
    let status = random.weighted([
      ['Approved', 45],
      ['Rejected', 20],
      ['Pending', day < 0 ? 0 : 35],
    ] as const);
    const slots = hoursOf(start, end).map((h) => `${room.id}|${date}|${h}`);
    if (status === 'Approved' && slots.some((slot) => busy.has(slot)))
      status = day < 0 ? 'Rejected' : 'Pending';
    if (status === 'Approved') for (const slot of slots) busy.add(slot);
    const requester = anyOfficial(context) ?? random.pick(context.students).id;
    const once = `${requester}|${room.id}|${date}|${start}|${end}`;
    if (status === 'Pending' && waiting.has(once)) status = 'Rejected';
    if (status === 'Pending') waiting.add(once);
    const decider = status === 'Pending' ? null : anyOfficial(context);
    const createdAt = new Date(
      Math.min(now.getTime() - DAY_MS, now.getTime() + (day - random.int(2, 10)) * DAY_MS),
    );
    const decidedAt = decider ? new Date(Math.min(now.getTime(), createdAt.getTime() + DAY_MS)) : null;
    const purpose = `${random.pick(BOOKING_PURPOSES)}, ${random.pick(context.clubs).name}`;
    const id = randomUUID();
    rows.push({
      id,
      roomId: room.id,
      requestedBy: requester,
      date,
      startTime: start,
      endTime: end,
      description: purpose,
      status,
      decidedBy: decider,
      decidedAt,
      createdAt,
    });
    if (decidedAt) {
      activity.push({
        type: 'approval',
        actorId: decider,
        description: `${status} the booking of ${describeSlot(room.name, date, start, end)}`,
        subjectType: 'room_booking',
        subjectId: id,
        createdAt: decidedAt,
      });
    }
  }
  await insertInBatches(context.db, roomBookings, rows, { size: context.batchSize });
  context.counts.roomBookings = rows.length;
  context.progress('room bookings', rows.length, rows.length);
}
