import { eq } from 'drizzle-orm';
import { activityLog, positionHolders } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createPosition, createStudent, createUser } from './factories';

const getOf = (ctx: TestContext) => (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const sendOf =
  (ctx: TestContext) =>
  (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

/** Requests as the position admin pages send them, a valid position form and a position's activity lines. */
export function positionClientOf(ctx: TestContext) {
  const as = async (
    role: 'GENSEC_SCITECH' | 'GENSEC_CULTURAL' | 'PRESIDENT' | 'CLUB_COORDINATOR' | 'ADMIN' | 'STUDENT',
    clubUnitId?: string,
  ) => {
    const user =
      role === 'STUDENT'
        ? (await createStudent(ctx.db)).user
        : await createUser(ctx.db, { role, ...(clubUnitId ? { clubUnitId } : {}) });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const valid = (unitId: string, overrides: object = {}) => ({
    title: 'Design Lead',
    unitId,
    positionType: 'Team Lead',
    positionCount: '2',
    description: 'Leads the poster team.',
    responsibilities: ['Make posters', '  '],
    requirements: { minCgpa: '7.5', minYear: '2', skillsRequired: ['Figma', '', 'Typography'] },
    ...overrides,
  });
  const logOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));
  return { send: sendOf(ctx), get: getOf(ctx), as, valid, logOf };
}

/** Requests as the position holder pages send them, and the holdings of a position. */
export function positionHolderClientOf(ctx: TestContext) {
  const as = async (role: 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR', clubUnitId?: string) => {
    const user = await createUser(ctx.db, {
      role,
      name: role === 'PRESIDENT' ? 'Meera President' : 'Ravi Official',
      ...(clubUnitId ? { clubUnitId } : {}),
    });
    return { user, cookie: await signInAs(ctx, user) };
  };
  /** A position anyone meets (no CGPA, year or skill needed). */
  const openPosition = (overrides: Parameters<typeof createPosition>[1] = {}) =>
    createPosition(ctx.db, { skillsRequired: [], ...overrides });
  const appoint = (userId: string, positionId: string, overrides: object = {}) => ({
    userId,
    positionId,
    tenureYear: '2025-2026',
    status: 'active',
    ...overrides,
  });
  const holdersOf = (positionId: string) =>
    ctx.db.select().from(positionHolders).where(eq(positionHolders.positionId, positionId));
  return { send: sendOf(ctx), get: getOf(ctx), as, openPosition, appoint, holdersOf };
}

/** Requests as a student's Manage Positions page sends them, and the student's stored records. */
export function myPositionsClientOf(ctx: TestContext) {
  const post = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/positions',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const list = (cookie: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/me/positions${query}`, headers: { cookie } });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(positionHolders).where(eq(positionHolders.userId, userId));
  return { post, list, signedInStudent, rowsOf };
}

/** Requests as the COSA View page sends them, and a signed-in student with the given profile. */
export function directoryClientOf(ctx: TestContext) {
  const student = async (profile: object = {}) => {
    const { user } = await createStudent(ctx.db, {}, profile);
    return { user, cookie: await signInAs(ctx, user) };
  };
  return { get: getOf(ctx), student };
}
