import { eq } from 'drizzle-orm';
import { activityLog, roomBookings } from '../src/db/schema/index';
import { signedInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { findRoom } from './factories';

type Role =
  'STUDENT' | 'GENSEC_SCITECH' | 'GENSEC_CULTURAL' | 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR';

const DAY_MS = 24 * 60 * 60 * 1000;
let dayOffset = 20;

/** A calendar date some weeks ahead, different on every call, so tests of one file never share a day. */
export function freshDay(): string {
  dayOffset += 1;
  return new Date(Date.now() + dayOffset * DAY_MS).toISOString().slice(0, 10);
}

/** Requests as the portal's pages send them, for the room booking tests. */
export function roomClientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  return {
    get: (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    book: (payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/room-bookings', payload, headers: headers(cookie) }),
    withdraw: (id: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/room-bookings/${id}/withdrawal`,
        headers: headers(cookie),
      }),
    decide: (id: string, payload: object, cookie?: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/room-bookings/${id}`,
        payload,
        headers: headers(cookie),
      }),
    as: (role: Role, name?: string) => signedInAs(ctx, role, name ? { name } : {}),
    rowOf: async (id: string) =>
      (await ctx.db.select().from(roomBookings).where(eq(roomBookings.id, id)))[0]!,
    activityOf: (id: string) => ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, id)),
    /** A valid request for Room A on a fresh day. */
    form: async (overrides: Record<string, unknown> = {}) => ({
      date: freshDay(),
      startTime: '10:00',
      endTime: '11:00',
      roomId: (await findRoom(ctx.db, 'Room A')).id,
      description: 'Robotics club design review',
      ...overrides,
    }),
  };
}
