import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { achievements, activityLog, skills, userSkills } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp, type TestContext } from './build-test-app';
import { createSkill, createStudent, createUser, createUserSkill } from './factories';

/** Spec section 6: each general secretary reviews one skill type; the president every type. */
export const SECRETARY_TYPES = [
  ['GENSEC_SCITECH', 'technical'],
  ['GENSEC_ACADEMIC', 'academic'],
  ['GENSEC_CULTURAL', 'cultural'],
  ['GENSEC_SPORTS', 'sports'],
] as const;

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Every test of a file starts with an empty desk, so lists and totals are exactly what the test created. */
function emptyDeskBeforeEach(ctx: TestContext): void {
  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(userSkills);
    await ctx.db.delete(achievements);
    await ctx.db.delete(skills);
  });
}

/** Requests as the endorsement panel sends them, and the records the endorsement tests look at. */
function endorsementDeskOf(ctx: TestContext) {
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signedIn = async (
    role:
      | 'GENSEC_SCITECH'
      | 'GENSEC_ACADEMIC'
      | 'GENSEC_CULTURAL'
      | 'GENSEC_SPORTS'
      | 'PRESIDENT'
      | 'CLUB_COORDINATOR',
  ) => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const activityOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  /** A claim of a skill of the given type by a new student. */
  const claimOf = async (
    type: 'technical' | 'cultural' | 'sports' | 'academic',
    overrides: Partial<typeof userSkills.$inferInsert> = {},
  ) => {
    const skill = await createSkill(ctx.db, { type, isEndorsed: true });
    return createUserSkill(ctx.db, { skillId: skill.id, ...overrides });
  };
  return { get, post, signedIn, signedInStudent, activityOf, ids, claimOf };
}

/**
 * An endorsement test file's app, with no review items at the start of each test, and the
 * requests and records of the endorsement panel.
 */
export function useEndorsementDesk() {
  const ctx = useTestApp();
  const desk = endorsementDeskOf(ctx);
  emptyDeskBeforeEach(ctx);
  return { ctx, ...desk };
}
