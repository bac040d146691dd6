import { eq } from 'drizzle-orm';
import { achievements, type NewAchievement } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent } from './factories';

/** Requests as the achievement pages send them, a valid form, and a student's stored achievements. */
export function achievementClientOf(ctx: TestContext) {
  const post = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/achievements',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const list = (cookie: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/me/achievements${query}`, headers: { cookie } });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(achievements).where(eq(achievements.userId, userId));
  const form = (overrides: Record<string, unknown> = {}) => ({
    title: 'Smart India Hackathon winner',
    category: 'Hackathon',
    type: 'technical',
    dateAchieved: '2025-08-30',
    ...overrides,
  });
  const insert = async (userId: string, values: Partial<NewAchievement>) => {
    const [row] = await ctx.db
      .insert(achievements)
      .values({
        title: 'Inter-college quiz',
        type: 'academic',
        category: 'Quiz',
        dateAchieved: '2025-01-15',
        ...values,
        userId,
      })
      .returning();
    return row!;
  };
  return { post, list, signedInStudent, rowsOf, form, insert };
}
