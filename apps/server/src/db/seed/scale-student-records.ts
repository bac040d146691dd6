import {
  ACHIEVEMENT_LEVELS,
  FEEDBACK_TARGET_TYPE_VALUES,
  FEEDBACK_TYPES,
  PROFICIENCY_LEVELS,
} from '@cosa/contracts';
import {
  achievements,
  feedback,
  skills,
  userSkills,
  type NewAchievement,
  type NewFeedback,
  type NewUserSkill,
} from '../schema/index';
import { insertInBatches } from './batch';
import { DAY_MS, isoDate } from './dates';
import { anyOfficial, momentAgo, officialFor, type ScaleContext } from './scale-context';
import { ACHIEVEMENT_POSITIONS, ACHIEVEMENT_TITLES, FEEDBACK_COMMENTS, RESOLUTIONS } from './scale-text';
import { catalogueSkills } from './skill-catalogue';

/* The skills, achievements and feedback of a scale run's students. */

/** Adds the catalogue skills the campus lacks, then about three skills per student. */
export async function insertSkills(context: ScaleContext): Promise<void> {
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

export async function insertAchievements(context: ScaleContext): Promise<void> {
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

export async function insertFeedback(context: ScaleContext): Promise<void> {
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
