import { and, eq } from 'drizzle-orm';
import { eventRegistrations, notifications } from '../src/db/schema/index';
import { signedInAs, signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import type { NewStudentProfile } from '../src/db/schema/index';
import { createEvent, createOrgUnit, createStudent, createUser } from './factories';

const DAY = 86_400_000;

/** Requests of the event pages about taking part, and the rows they change, for one test app. */
export function registrationClientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  const inject = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
    url: string,
    cookie?: string,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: headers(cookie), ...(payload ? { payload } : {}) });
  return {
    inject,
    register: (eventId: string, cookie?: string) =>
      inject('POST', `/api/events/${eventId}/registration`, cookie),
    unregister: (eventId: string, cookie?: string) =>
      inject('DELETE', `/api/events/${eventId}/registration`, cookie),
    decide: (eventId: string, payload: object, cookie?: string) =>
      inject('POST', `/api/events/${eventId}/decision`, cookie, payload),
    detail: async (eventId: string, cookie: string) =>
      (await inject('GET', `/api/events/${eventId}`, cookie)).json().event,
    /** A new onboarded student, signed in; `batchYear` etc. go to the institute's record. */
    student: async (name: string, profile: Partial<NewStudentProfile> = {}) => {
      const { user } = await createStudent(ctx.db, { name }, profile);
      return { user, cookie: await signInAs(ctx, user) };
    },
    as: (
      role: 'PRESIDENT' | 'GENSEC_CULTURAL' | 'GENSEC_SPORTS' | 'GENSEC_SCITECH' | 'ADMIN',
      name?: string,
    ) => signedInAs(ctx, role, name ? { name } : {}),
    coordinatorOf: async (clubUnitId: string, name = 'Kavya Menon') => {
      const user = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId, name });
      return { user, cookie: await signInAs(ctx, user) };
    },
    /** An approved event taking registrations now, starting in a week: `seats` seats. */
    openEvent: async (seats: number | null, overrides: Parameters<typeof createEvent>[1] = {}) =>
      createEvent(ctx.db, {
        registrationRequired: true,
        registrationStart: new Date(Date.now() - DAY),
        registrationEnd: new Date(Date.now() + 5 * DAY),
        maxParticipants: seats,
        organizingUnitId: (await createOrgUnit(ctx.db, { category: 'cultural' })).id,
        ...overrides,
      }),
    rowsOf: (eventId: string) =>
      ctx.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, eventId))
        .orderBy(eventRegistrations.seq),
    noticesOf: (userId: string, kind: (typeof notifications.$inferSelect)['kind'] = 'event') =>
      ctx.db
        .select({
          outcome: notifications.outcome,
          subject: notifications.subject,
          detail: notifications.detail,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))),
  };
}
