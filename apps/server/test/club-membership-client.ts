import { and, eq } from 'drizzle-orm';
import { clubJoinRequests, clubMemberships, notifications } from '../src/db/schema/index';
import { signedInAs, signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { createOrgUnit, createStudent, createUser } from './factories';

/** Requests about joining clubs, and the rows they change, for one test app. */
export function membershipClientOf(ctx: TestContext) {
  const inject = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  return {
    inject,
    /** A new onboarded student, signed in. */
    student: async (name: string) => {
      const { user } = await createStudent(ctx.db, { name });
      return { user, cookie: await signInAs(ctx, user) };
    },
    as: (role: 'PRESIDENT' | 'GENSEC_SCITECH' | 'ADMIN') => signedInAs(ctx, role),
    /** A club and its coordinator, signed in. */
    club: async (name: string, coordinatorName = 'Kavya Menon') => {
      const club = await createOrgUnit(ctx.db, { name });
      const user = await createUser(ctx.db, {
        role: 'CLUB_COORDINATOR',
        clubUnitId: club.id,
        name: coordinatorName,
      });
      return { club, coordinator: { user, cookie: await signInAs(ctx, user) } };
    },
    open: (unitId: string, cookie: string, joinQuestion: string | null = null) =>
      inject('PUT', `/api/clubs/${unitId}/recruiting`, cookie, { recruiting: true, joinQuestion }),
    ask: (unitId: string, cookie?: string, payload: object = {}) =>
      inject('POST', `/api/clubs/${unitId}/join-requests`, cookie, payload),
    decide: (unitId: string, id: string, payload: object, cookie?: string) =>
      inject('POST', `/api/clubs/${unitId}/join-requests/${id}/decision`, cookie, payload),
    /** The student asks to join the club (opened for them) and its coordinator accepts: a member from now. */
    joinThroughRequest: async (unitId: string, coordinatorCookie: string, studentCookie: string) => {
      await inject('PUT', `/api/clubs/${unitId}/recruiting`, coordinatorCookie, { recruiting: true });
      const asked = await inject('POST', `/api/clubs/${unitId}/join-requests`, studentCookie, {});
      if (asked.statusCode !== 201) throw new Error(`ask: ${asked.body}`);
      const id: string = asked.json().request.id;
      const decided = await inject(
        'POST',
        `/api/clubs/${unitId}/join-requests/${id}/decision`,
        coordinatorCookie,
        { decision: 'accept' },
      );
      if (decided.statusCode !== 200) throw new Error(`accept: ${decided.body}`);
    },
    leave: (unitId: string, cookie?: string) =>
      inject('DELETE', `/api/clubs/${unitId}/membership`, cookie),
    requestsOf: (unitId: string, userId: string) =>
      ctx.db
        .select()
        .from(clubJoinRequests)
        .where(and(eq(clubJoinRequests.unitId, unitId), eq(clubJoinRequests.userId, userId))),
    periodsOf: (unitId: string, userId: string) =>
      ctx.db
        .select()
        .from(clubMemberships)
        .where(and(eq(clubMemberships.unitId, unitId), eq(clubMemberships.userId, userId)))
        .orderBy(clubMemberships.startedAt),
    noticesOf: (userId: string) =>
      ctx.db
        .select({
          outcome: notifications.outcome,
          subject: notifications.subject,
          detail: notifications.detail,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'club'))),
  };
}
