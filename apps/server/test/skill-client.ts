import { eq } from 'drizzle-orm';
import { userSkills } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createStudent } from './factories';

type Options = { cookie?: string; payload?: object };

/** Requests as the skills page sends them, and a student's stored skills. */
export function skillClientOf(ctx: TestContext) {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: Options = {}) =>
    ctx.app.inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const add = (cookie: string, payload: object) => call('POST', '/api/me/skills', { cookie, payload });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsOf = (userId: string) =>
    ctx.db.select().from(userSkills).where(eq(userSkills.userId, userId));
  return { call, add, signedInStudent, rowsOf };
}
