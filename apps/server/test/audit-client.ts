import { asc, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createUser } from './factories';

type Line = Partial<typeof auditLog.$inferInsert>;

/** The audit log's pages as the given administrator reads them, and lines written straight into the table. */
export function auditReaderOf(ctx: TestContext, admin: () => string) {
  const get = (url: string, cookie: string | undefined = admin()) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const write = (lines: Line[]) =>
    ctx.db
      .insert(auditLog)
      .values(
        lines.map((line) => ({
          kind: 'skill' as const,
          action: 'update' as const,
          subjectType: 'skills',
          ...line,
        })),
      )
      .returning();
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  /** A new account to write lines under: the log's actor is a reference to an account. */
  const actor = async (overrides: Parameters<typeof createUser>[1] = {}) =>
    (await createUser(ctx.db, { role: 'ADMIN', ...overrides })).id;
  return { get, write, ids, actor };
}

type Role = 'GENSEC_SCITECH' | 'GENSEC_CULTURAL' | 'PRESIDENT' | 'CLUB_COORDINATOR' | 'ADMIN';

/** Privileged requests by officials, and the audit lines about one subject, oldest first. */
export function auditedChangesOf(ctx: TestContext) {
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, cookie },
    });
  const official = async (role: Role, name = 'Meera Official') => {
    const user = await createUser(ctx.db, { role, name });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const linesAbout = (subjectId: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, subjectId))
      .orderBy(asc(auditLog.createdAt));
  return { send, official, linesAbout };
}
