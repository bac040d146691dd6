import { asc, eq } from 'drizzle-orm';
import { announcements, notifications, users } from '../src/db/schema/index';
import { signedInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import type { UserOverrides } from './factories';

type Role =
  | 'STUDENT'
  | 'GENSEC_SCITECH'
  | 'GENSEC_ACADEMIC'
  | 'GENSEC_CULTURAL'
  | 'GENSEC_SPORTS'
  | 'PRESIDENT'
  | 'CLUB_COORDINATOR'
  | 'ADMIN';

const HOUR_MS = 60 * 60 * 1000;

/** An instant `hours` from now, as the form sends it. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

/** Requests as the portal's pages send them, and what the database holds, for the announcement tests. */
export function announcementClientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  return {
    post: (payload: object, cookie?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/announcements', payload, headers: headers(cookie) }),
    get: (url: string, cookie?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    /** A signed-in user of the role (an onboarded student with a profile for STUDENT). */
    as: (role: Role, overrides: UserOverrides = {}) => signedInAs(ctx, role, overrides),
    /** The names of the people an announcement's notifications went to, in order. */
    recipientsOf: async (announcementId: string) =>
      (
        await ctx.db
          .select({ name: users.name })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId))
          .where(eq(notifications.announcementId, announcementId))
          .orderBy(asc(users.name))
      ).map((row) => row.name),
    announcementsBy: (authorId: string) =>
      ctx.db.select().from(announcements).where(eq(announcements.authorId, authorId)),
  };
}
