import { eq } from 'drizzle-orm';
import { activityLog, events } from '../src/db/schema/index';
import { signedInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createOrgUnit } from './factories';

type Role = 'STUDENT' | 'GENSEC_SPORTS' | 'GENSEC_CULTURAL' | 'PRESIDENT';

/** Requests as the portal's event pages send them, for one test app. */
export function eventClientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  return {
    get: (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    create: (payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/events', payload, headers: headers(cookie) }),
    edit: (id: string, payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/events/${id}`, payload, headers: headers(cookie) }),
    cancel: (id: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/events/${id}/cancellation`,
        headers: headers(cookie),
      }),
    as: (role: Role, name?: string) => signedInAs(ctx, role, name ? { name } : {}),
    activityOf: (eventId: string) =>
      ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, eventId)),
    rowOf: async (eventId: string) =>
      (await ctx.db.select().from(events).where(eq(events.id, eventId)))[0]!,
    /** The smallest valid create-event form, of a new unit. */
    form: async (overrides: Record<string, unknown> = {}) => ({
      title: 'Inter-hostel football final',
      category: 'sports',
      organizingUnitId: (await createOrgUnit(ctx.db)).id,
      ...overrides,
    }),
  };
}
