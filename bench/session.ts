import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AUDIT_KINDS, OFFICIAL_ROLES } from '@cosa/contracts';
import { openDatabase } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import {
  achievements,
  calendarFeeds,
  eventRegistrations,
  feedback,
  orgUnits,
  sessions,
  transcripts,
  users,
} from '../apps/server/src/db/schema/index';
import { transcriptRecords } from '../apps/server/src/modules/transcripts/transcripts.service';
import { SESSION_COOKIE } from '../apps/server/src/lib/session-cookie';
import { hashToken, newToken } from '../apps/server/src/lib/tokens';
import { fillAnnouncements } from './announcement-data';
import { fillClubs } from './club-data';
import { fillMoney } from './money-data';

/**
 * Who a scenario signs in as: a seeded student, a general secretary, the president, a club
 * coordinator or the institute administrator (the scale seed makes one when the campus has none).
 */
export type BenchRole = 'STUDENT' | 'GENSEC_SCITECH' | 'PRESIDENT' | 'CLUB_COORDINATOR' | 'ADMIN';

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * The campus's club coordinator. A scale campus has none, so a seeded student without a role
 * becomes the coordinator of the club most feedback is about.
 */
async function coordinatorOf(handle: Handle): Promise<string> {
  const [existing] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'CLUB_COORDINATOR'))
    .limit(1);
  if (existing) return existing.id;
  const [club] = await handle.db
    .select({ id: orgUnits.id, n: count(feedback.id) })
    .from(orgUnits)
    .leftJoin(feedback, eq(feedback.targetUnitId, orgUnits.id))
    .where(eq(orgUnits.type, 'club'))
    .groupBy(orgUnits.id)
    .orderBy(desc(count(feedback.id)))
    .limit(1);
  if (!club) throw new Error('the database has no club for a coordinator');
  const [student] = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'STUDENT'), isNull(users.clubUnitId)))
    .orderBy(desc(users.createdAt))
    .limit(1);
  if (!student) throw new Error('the database has no student to make a coordinator');
  await handle.db
    .update(users)
    .set({ role: 'CLUB_COORDINATOR', clubUnitId: club.id })
    .where(eq(users.id, student.id));
  return student.id;
}

/** Signs the users in directly in the database for a day; returns each one's Cookie header value, in order. */
async function signIn(handle: Handle, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const tokens = userIds.map(() => newToken());
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await handle.db
    .insert(sessions)
    .values(
      userIds.map((userId, index) => ({ tokenHash: hashToken(tokens[index]!), userId, expiresAt })),
    );
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/** Signs a seeded user of each role in directly in the database; returns the Cookie header value per role. */
export async function createBenchSessions(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  roles: readonly BenchRole[],
): Promise<Map<BenchRole, string>> {
  const handle = await openDatabase(config);
  const cookies = new Map<BenchRole, string>();
  try {
    for (const role of roles) {
      const userId =
        role === 'CLUB_COORDINATOR'
          ? await coordinatorOf(handle)
          : (
              await handle.db.select({ id: users.id }).from(users).where(eq(users.role, role)).limit(1)
            )[0]?.id;
      if (!userId) throw new Error(`the database has no ${role} to sign in`);
      cookies.set(role, (await signIn(handle, [userId]))[0]!);
    }
    return cookies;
  } finally {
    await handle.close();
  }
}

/**
 * Ids of the seeded campus that scenario paths and bodies name: a club, a transcript, the student
 * it was issued to (the administrator's user page), and the official with a fifth of the audit log.
 */
export type BenchIds = {
  clubId: string;
  transcriptId: string;
  userId: string;
  auditActorId: string;
  /** Achievements awaiting verification, oldest first, none the president's own: the bulk rush verifies them. */
  pendingAchievementIds: string[];
  /** The council above `clubId`: its public calendar feed holds its clubs' events. */
  councilId: string;
  /** The secret of a private calendar feed, of the student with the most registrations. */
  calendarToken: string;
  /** The address of `clubId`'s page; its roster holds 2,000 current members (club-data.ts). */
  clubSlug: string;
};

/** How many pending achievements the bulk rush may verify: more than a 10-second run gets through. */
const RUSH_ITEMS = 20_000;

/** Audit lines per student: the privileged changes of a campus's year (endorsements, verifications, resolutions...). */
const AUDIT_LINES_PER_STUDENT = 5;

/**
 * The scale seed writes no audit lines (it names no actor), so the audit log is filled here to
 * AUDIT_LINES_PER_STUDENT lines per student, spread over the last year, every kind in turn, the
 * officials taking turns as actors; a second run only tops it up. Returns the president's id.
 */
async function fillAuditLog(handle: Handle): Promise<string> {
  const officials = await handle.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.role, [...OFFICIAL_ROLES]))
    .orderBy(users.id);
  const president = officials.find((official) => official.role === 'PRESIDENT');
  if (!president) throw new Error('the database has no PRESIDENT for the audit scenarios');
  const [students] = await handle.db.select({ n: count() }).from(users).where(eq(users.role, 'STUDENT'));
  const [lines] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from audit_log`),
  );
  const missing = (students?.n ?? 0) * AUDIT_LINES_PER_STUDENT - (lines?.n ?? 0);
  if (missing <= 0) return president.id;
  const kinds = sql.raw(`array[${AUDIT_KINDS.map((kind) => `'${kind}'`).join(',')}]`);
  const actors = sql.raw(`array[${officials.map((official) => `'${official.id}'::uuid`).join(',')}]`);
  await handle.db.execute(sql`
    insert into audit_log (actor_id, actor_name, kind, action, subject_type, subject_id, subject_label, before, after, created_at)
    select a.id, u.name, (${kinds})[1 + g % ${AUDIT_KINDS.length}::int], (array['create', 'update', 'update', 'delete'])[1 + g % 4],
      'achievements', gen_random_uuid(), 'Generated change ' || g, jsonb_build_object('verified', false), jsonb_build_object('verified', true),
      now() - g * (interval '365 days' / ${missing}::int)
    from generate_series(1, ${missing}::int) g
    cross join lateral (select (${actors})[1 + g % ${officials.length}::int] as id) a
    join users u on u.id = a.id`);
  await handle.db.execute(sql`analyze audit_log`);
  return president.id;
}

/**
 * A private calendar feed for the student with the most live registrations (`fallback` when no one
 * registered for anything); returns the secret of its address.
 */
async function createCalendarFeed(handle: Handle, fallback: string): Promise<string> {
  const [busiest] = await handle.db
    .select({ id: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(inArray(eventRegistrations.status, ['confirmed', 'waitlisted']))
    .groupBy(eventRegistrations.userId)
    .orderBy(desc(count()))
    .limit(1);
  const token = newToken();
  await handle.db
    .insert(calendarFeeds)
    .values({ userId: busiest?.id ?? fallback, tokenHash: hashToken(token) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token) } });
  return token;
}

/**
 * The ids the scenarios name: a club, a transcript issued of every verified record of the seeded
 * student with the most of them, that student, and the official of the filled audit log. Fills the
 * president's announcements (and so the inbox) on the way.
 */
export async function createBenchIds(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<BenchIds> {
  const handle = await openDatabase(config);
  try {
    const [club] = await handle.db
      .select({ id: orgUnits.id, parentId: orgUnits.parentId })
      .from(orgUnits)
      .where(eq(orgUnits.type, 'club'))
      .limit(1);
    if (!club) throw new Error('the database has no club for the feedback scenario');
    const [holder] = await handle.db
      .select({ id: achievements.userId })
      .from(achievements)
      .where(eq(achievements.verified, true))
      .groupBy(achievements.userId)
      .orderBy(desc(count()))
      .limit(1);
    if (!holder) throw new Error('the database has no verified achievement for the transcript scenario');
    const { pending: _pending, ...content } = await transcriptRecords(handle.db, holder.id);
    const [transcript] = await handle.db
      .insert(transcripts)
      .values({
        userId: holder.id,
        content,
        institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' },
      })
      .returning({ id: transcripts.id });
    await fillAnnouncements(handle);
    const clubSlug = await fillClubs(handle, club.id);
    await fillMoney(handle);
    const pending = await handle.db
      .select({ id: achievements.id })
      .from(achievements)
      .innerJoin(users, eq(users.id, achievements.userId))
      .where(
        and(
          eq(achievements.verified, false),
          isNull(achievements.declinedAt),
          eq(users.role, 'STUDENT'),
        ),
      )
      .orderBy(achievements.createdAt)
      .limit(RUSH_ITEMS);
    return {
      clubId: club.id,
      clubSlug,
      councilId: club.parentId ?? club.id,
      calendarToken: await createCalendarFeed(handle, holder.id),
      transcriptId: transcript!.id,
      userId: holder.id,
      auditActorId: await fillAuditLog(handle),
      pendingAchievementIds: pending.map((row) => row.id),
    };
  } finally {
    await handle.close();
  }
}

/** Signs in `count` seeded students (the latest created) directly in the database for the writing scenarios; returns their Cookie header values. */
export async function createWriterSessions(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  count: number,
): Promise<string[]> {
  const handle = await openDatabase(config);
  try {
    const students = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'STUDENT'), eq(users.onboardingComplete, true)))
      .orderBy(desc(users.createdAt))
      .limit(count);
    if (students.length < count)
      throw new Error(
        `the database has ${students.length} onboarded students, fewer than the ${count} writers`,
      );
    return await signIn(
      handle,
      students.map((student) => student.id),
    );
  } finally {
    await handle.close();
  }
}
