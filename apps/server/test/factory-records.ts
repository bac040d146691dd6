import type { Database } from '../src/db/client';
import { achievements, skills, userSkills } from '../src/db/schema/index';
import type * as S from '../src/db/schema/index';
import { DAY_MS, isoDate, next, only } from './factory-basics';
import { createUser } from './factory-people';

export async function createSkill(db: Database, overrides: Partial<S.NewSkill> = {}): Promise<S.Skill> {
  const n = next();
  return only(
    await db
      .insert(skills)
      .values({
        name: `TypeScript ${n}`,
        category: 'Programming',
        type: 'technical',
        description: 'Typed JavaScript for web applications.',
        ...overrides,
      })
      .returning(),
  );
}

/** An unverified technical achievement of a user (created when none is given), achieved a month ago. */
export async function createAchievement(
  db: Database,
  overrides: Partial<S.NewAchievement> = {},
): Promise<S.Achievement> {
  const n = next();
  const userId = overrides.userId ?? (await createUser(db)).id;
  return only(
    await db
      .insert(achievements)
      .values({
        title: `Hackathon Finalist ${n}`,
        description: 'Reached the final round of the institute hackathon.',
        category: 'Hackathon',
        type: 'technical',
        level: 'college',
        dateAchieved: isoDate(new Date(Date.now() - 30 * DAY_MS)),
        position: 'Finalist',
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/** A skill a user claims (both created when not given), at beginner level. */
export async function createUserSkill(
  db: Database,
  overrides: Partial<S.NewUserSkill> = {},
): Promise<S.UserSkill> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const skillId = overrides.skillId ?? (await createSkill(db)).id;
  return only(
    await db
      .insert(userSkills)
      .values({ ...overrides, userId, skillId })
      .returning(),
  );
}
