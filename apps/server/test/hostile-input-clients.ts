import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createOrgUnit, createStudent, createUser } from './factories';

/** Signed-in people and their requests, for the council workflows under careless and hostile input. */
export function councilInputClientOf(ctx: TestContext) {
  const as = async (
    role: 'STUDENT' | 'GENSEC_SCITECH' | 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR',
    extra: object = {},
  ) => {
    const user =
      role === 'STUDENT'
        ? (await createStudent(ctx.db)).user
        : await createUser(ctx.db, { role, ...extra });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  const eventForm = async (overrides: object = {}) => ({
    title: 'Robotics expo',
    category: 'technical',
    organizingUnitId: (await createOrgUnit(ctx.db)).id,
    ...overrides,
  });
  return { as, send, eventForm };
}

/** A signed-in student with academic information and their requests, for the student record under hostile input. */
export function studentRecordClientOf(ctx: TestContext) {
  const student = async () => {
    const { user } = await createStudent(
      ctx.db,
      {},
      { batchYear: 2023, program: 'B.Tech', branch: 'Physics', cgpa: 8.1 },
    );
    return { user, cookie: await signInAs(ctx, user) };
  };
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const profileOf = (name: string, extra: object = {}) => ({
    personal: { name },
    contact: {},
    socialLinks: {},
    ...extra,
  });
  return { student, send, profileOf };
}
