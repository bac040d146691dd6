import { sql } from 'drizzle-orm';
import { beforeEach } from 'vitest';
import { notifications, users } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from './factories';

/** One unread notification as a test reads it: whose (by the test's name for them) and what it says. */
export type Told = {
  to: string;
  kind: string;
  outcome: string | null;
  subject: string;
  detail: string | null;
  link: string;
  items: number;
};

/**
 * Each test of a file starts with every earlier account deactivated and every notification read,
 * so the unread notifications afterwards are exactly what the test's own requests caused, to its own people.
 */
export function startEachTestAfresh(ctx: TestContext): void {
  beforeEach(async () => {
    await ctx.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(sql`${users.deactivatedAt} is null`);
    await markAllRead(ctx);
  });
}

/** Marks every notification read, as if everyone had opened their inbox. */
export async function markAllRead(ctx: TestContext): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(sql`${notifications.readAt} is null`);
}

/** Every unread notification of every account, named by `people` (an id the test does not know stays an id), in a stable order. */
export async function unread(ctx: TestContext, people: Record<string, { id: string }>): Promise<Told[]> {
  const names = new Map(Object.entries(people).map(([name, person]) => [person.id, name]));
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(sql`${notifications.readAt} is null`);
  return rows
    .map((row) => ({
      to: names.get(row.userId) ?? row.userId,
      kind: row.kind,
      outcome: row.outcome,
      subject: row.subject,
      detail: row.detail,
      link: row.link,
      items: row.itemCount,
    }))
    .sort((a, b) => `${a.to} ${a.kind} ${a.outcome}`.localeCompare(`${b.to} ${b.kind} ${b.outcome}`));
}

/** Sorts expected notifications the way unread() lists them. */
export const sorted = (told: Told[]): Told[] =>
  [...told].sort((a, b) =>
    `${a.to} ${a.kind} ${a.outcome}`.localeCompare(`${b.to} ${b.kind} ${b.outcome}`),
  );

/** Requests as the portal's pages send them. */
export function clientOf(ctx: TestContext) {
  const headers = (cookie: string) => ({ origin: TEST_ORIGIN, cookie });
  return {
    get: (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, cookie: string, payload: object = {}) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: headers(cookie) }),
    put: (url: string, cookie: string, payload: object) =>
      ctx.app.inject({ method: 'PUT', url, payload, headers: headers(cookie) }),
    patch: (url: string, cookie: string, payload: object) =>
      ctx.app.inject({ method: 'PATCH', url, payload, headers: headers(cookie) }),
  };
}

type OfficialRole =
  | 'GENSEC_SCITECH'
  | 'GENSEC_ACADEMIC'
  | 'GENSEC_CULTURAL'
  | 'GENSEC_SPORTS'
  | 'PRESIDENT'
  | 'CLUB_COORDINATOR';

/**
 * The campus of one test: the four general secretaries, the president, a club with its coordinator
 * and a member (an active, verified holder), another club's coordinator, and a student of no club.
 */
export async function campusOf(ctx: TestContext, clubName?: string) {
  const official = async (role: OfficialRole, clubUnitId?: string) => {
    const user = await createUser(ctx.db, { role, ...(clubUnitId ? { clubUnitId } : {}) });
    return { ...user, cookie: await signInAs(ctx, user) };
  };
  const student = async () => {
    const { user } = await createStudent(ctx.db);
    return { ...user, cookie: await signInAs(ctx, user) };
  };
  const club = await createOrgUnit(ctx.db, clubName ? { name: clubName } : {});
  const otherClub = await createOrgUnit(ctx.db);
  const seat = await createPosition(ctx.db, { unitId: club.id, positionCount: 10, skillsRequired: [] });
  const member = await student();
  await createPositionHolder(ctx.db, { userId: member.id, positionId: seat.id, status: 'active' });
  const people = {
    tech: await official('GENSEC_SCITECH'),
    acad: await official('GENSEC_ACADEMIC'),
    cult: await official('GENSEC_CULTURAL'),
    sport: await official('GENSEC_SPORTS'),
    president: await official('PRESIDENT'),
    coordinator: await official('CLUB_COORDINATOR', club.id),
    otherCoordinator: await official('CLUB_COORDINATOR', otherClub.id),
    member,
    loner: await student(),
  };
  return { club, otherClub, seat, people };
}
