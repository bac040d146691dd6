import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { achievements, feedback, orgUnits, sessions, transcripts, users } from '../apps/server/src/db/schema/index';
import { transcriptRecords } from '../apps/server/src/modules/transcripts/transcripts.service';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/session.service';
import { hashToken, newToken } from '../apps/server/src/lib/tokens';

/** Who a scenario signs in as: a seeded student, a general secretary, the president or a club coordinator. */
export type BenchRole = 'STUDENT' | 'GENSEC_SCITECH' | 'PRESIDENT' | 'CLUB_COORDINATOR';

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/**
 * The campus's club coordinator. A scale campus has none, so a seeded student without a role
 * becomes the coordinator of the club most feedback is about.
 */
async function coordinatorOf(handle: Handle): Promise<string> {
  const [existing] = await handle.db.select({ id: users.id }).from(users).where(eq(users.role, 'CLUB_COORDINATOR')).limit(1);
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
  const [student] = await handle.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'STUDENT'), isNull(users.clubUnitId))).orderBy(desc(users.createdAt)).limit(1);
  if (!student) throw new Error('the database has no student to make a coordinator');
  await handle.db.update(users).set({ role: 'CLUB_COORDINATOR', clubUnitId: club.id }).where(eq(users.id, student.id));
  return student.id;
}

/** Signs the users in directly in the database for a day; returns each one's Cookie header value, in order. */
async function signIn(handle: Handle, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const tokens = userIds.map(() => newToken());
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await handle.db.insert(sessions).values(userIds.map((userId, index) => ({ tokenHash: hashToken(tokens[index]!), userId, expiresAt })));
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
}

/** Signs a seeded user of each role in directly in the database; returns the Cookie header value per role. */
export async function createBenchSessions(config: { DATABASE_URL?: string; DATA_DIR: string }, roles: readonly BenchRole[]): Promise<Map<BenchRole, string>> {
  const handle = await openDatabase(config);
  const cookies = new Map<BenchRole, string>();
  try {
    for (const role of roles) {
      const userId =
        role === 'CLUB_COORDINATOR'
          ? await coordinatorOf(handle)
          : (await handle.db.select({ id: users.id }).from(users).where(eq(users.role, role)).limit(1))[0]?.id;
      if (!userId) throw new Error(`the database has no ${role} to sign in`);
      cookies.set(role, (await signIn(handle, [userId]))[0]!);
    }
    return cookies;
  } finally {
    await handle.close();
  }
}

/** Ids of the seeded campus that scenario paths and bodies name. */
export type BenchIds = { clubId: string; transcriptId: string };

/**
 * The ids the scenarios name: a club, and a transcript issued of every verified record of the
 * seeded student with the most of them.
 */
export async function createBenchIds(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<BenchIds> {
  const handle = await openDatabase(config);
  try {
    const [club] = await handle.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.type, 'club')).limit(1);
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
      .values({ userId: holder.id, content, institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' } })
      .returning({ id: transcripts.id });
    return { clubId: club.id, transcriptId: transcript!.id };
  } finally {
    await handle.close();
  }
}

/** Signs in `count` seeded students (the latest created) directly in the database for the writing scenarios; returns their Cookie header values. */
export async function createWriterSessions(config: { DATABASE_URL?: string; DATA_DIR: string }, count: number): Promise<string[]> {
  const handle = await openDatabase(config);
  try {
    const students = await handle.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'STUDENT'), eq(users.onboardingComplete, true))).orderBy(desc(users.createdAt)).limit(count);
    if (students.length < count) throw new Error(`the database has ${students.length} onboarded students, fewer than the ${count} writers`);
    return await signIn(handle, students.map((student) => student.id));
  } finally {
    await handle.close();
  }
}
