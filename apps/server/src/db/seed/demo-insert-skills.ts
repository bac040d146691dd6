import { randomUUID } from 'node:crypto';
import type { Database } from '../client';
import { skills, userSkills, type NewUserSkill } from '../schema/index';
import { daysAgo, DAY_MS } from './dates';
import { DEMO_STUDENTS } from './demo-people';
import { DEMO_SKILLS } from './demo-skills';
import { GENSEC_OF_TYPE, lookup, type DemoIds } from './demo-ids';

/* The demo campus's catalogue skills and the skills its students claim. */

/** The catalogue: endorsed skills by their general secretary, the others proposed by a student. */
export async function insertSkills(db: Database, ids: DemoIds): Promise<void> {
  const { random, now } = ids;
  const students = DEMO_STUDENTS.map((person) => person.key);
  const rows = DEMO_SKILLS.map((skill) => {
    const id = randomUUID();
    ids.skills.set(skill.name, { id, type: skill.type });
    const createdAt = daysAgo(now, random.int(120, 400));
    const endorser = lookup(ids.people, GENSEC_OF_TYPE[skill.type] ?? 'president', 'person').id;
    return {
      id,
      name: skill.name,
      category: skill.category,
      type: skill.type,
      description: skill.description,
      isEndorsed: skill.endorsed,
      endorsedBy: skill.endorsed ? endorser : null,
      endorsedAt: skill.endorsed ? new Date(createdAt.getTime() + 2 * DAY_MS) : null,
      createdBy: skill.endorsed ? endorser : lookup(ids.people, random.pick(students), 'person').id,
      createdAt,
    };
  });
  await db.insert(skills).values(rows);
}

const FIXED_USER_SKILLS: readonly (readonly [
  string,
  string,
  NewUserSkill['proficiencyLevel'],
  boolean,
  string?,
])[] = [
  ['student', 'Python', 'advanced', true],
  ['student', 'Competitive Programming', 'expert', true, 'coding.core'],
  ['student', 'React', 'intermediate', false, 'coding.web'],
  ['student', 'Acoustic Guitar', 'beginner', false],
  ['club.coordinator', 'C++', 'expert', true, 'coding.coordinator'],
  ['club.coordinator', 'Rust', 'intermediate', false],
  ['gensec.tech', 'Machine Learning', 'advanced', false],
  ['gensec.tech', 'Python', 'expert', true],
  ['gensec.cult', 'Kathak', 'advanced', false],
  ['gensec.cult', 'Stage Acting', 'intermediate', true],
  ['gensec.sports', 'Football', 'advanced', true],
  ['gensec.sports', 'Yoga', 'intermediate', false],
  ['gensec.acad', 'Technical Writing', 'advanced', true],
  ['gensec.acad', 'Linear Algebra', 'expert', false],
  ['president', 'Debating', 'advanced', false],
  ['president', 'Chess', 'intermediate', true],
];

/** The skills the students claim: the fixed ones of the demo accounts, and random ones of the others. */
export async function insertUserSkills(db: Database, ids: DemoIds): Promise<void> {
  const { random, now } = ids;
  const rows: NewUserSkill[] = [];
  const add = (
    personKey: string,
    skillName: string,
    level: NewUserSkill['proficiencyLevel'],
    endorsed: boolean,
    positionId: string | null,
  ) => {
    const skill = lookup(ids.skills, skillName, 'skill');
    const createdAt = daysAgo(now, random.int(5, 100));
    // Nobody endorses their own skill: an official's is endorsed by the president, the president's by a secretary.
    const reviewer = GENSEC_OF_TYPE[skill.type] ?? 'president';
    const endorser =
      reviewer !== personKey ? reviewer : personKey === 'president' ? 'gensec.tech' : 'president';
    rows.push({
      userId: lookup(ids.people, personKey, 'person').id,
      skillId: skill.id,
      proficiencyLevel: level,
      positionId,
      isEndorsed: endorsed,
      endorsedBy: endorsed ? lookup(ids.people, endorser, 'person').id : null,
      endorsedAt: endorsed ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdAt,
    });
  };
  for (const [person, skill, level, endorsed, position] of FIXED_USER_SKILLS) {
    add(
      person,
      skill,
      level,
      endorsed,
      position ? lookup(ids.positions, position, 'position').id : null,
    );
  }
  const names = DEMO_SKILLS.map((skill) => skill.name);
  for (const person of DEMO_STUDENTS) {
    for (const skill of random.sample(names, random.int(1, 3))) {
      add(
        person.key,
        skill,
        random.pick(['beginner', 'intermediate', 'advanced', 'expert'] as const),
        random.chance(0.4),
        null,
      );
    }
  }
  await db.insert(userSkills).values(rows);
}
