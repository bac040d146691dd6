import { eq } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { activityLog, feedback } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent, createUser } from './factories';

export const OFFICIALS = [
  'GENSEC_SCITECH',
  'GENSEC_ACADEMIC',
  'GENSEC_CULTURAL',
  'GENSEC_SPORTS',
  'PRESIDENT',
] as const;
type Role = (typeof OFFICIALS)[number] | 'CLUB_COORDINATOR';

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Every test of a file starts with no feedback, so lists and counts are exactly what the test created. */
export function emptyFeedbackBeforeEach(ctx: TestContext): void {
  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(feedback);
  });
}

/** Requests as the feedback list page sends them, and the records the feedback desk tests look at. */
export function feedbackDeskOf(ctx: TestContext) {
  const list = (cookie: string | undefined, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/feedback${query}`, headers: cookie ? { cookie } : {} });
  const resolve = (
    id: string,
    cookie: string | undefined,
    payload: object = { actionsTaken: 'Spoke to the people involved.' },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/feedback/${id}/resolution`,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) => {
    const user = await createUser(ctx.db, { role, ...overrides });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const signedInStudent = async (overrides: { name?: string; username?: string } = {}) => {
    const { user } = await createStudent(ctx.db, overrides);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowOf = async (id: string) =>
    (await ctx.db.select().from(feedback).where(eq(feedback.id, id)))[0]!;
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  const activityOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));
  return { list, resolve, signedIn, signedInStudent, rowOf, ids, activityOf };
}
