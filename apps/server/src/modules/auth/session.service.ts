import { and, eq, gt, lte } from 'drizzle-orm';
import { normalizeRole, type SessionUser } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { sessions, studentProfiles, users } from '../../db/schema/index';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_COOKIE = 'cosa_session';
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  role: users.role,
  studentId: users.studentId,
  onboardingComplete: users.onboardingComplete,
  branch: studentProfiles.branch,
  batchYear: studentProfiles.batchYear,
  program: studentProfiles.program,
};

type SessionUserRow = Omit<SessionUser, 'role'> & { role: string };

function toSessionUser(row: SessionUserRow): SessionUser {
  return { ...row, role: normalizeRole(row.role) };
}

/** The session user of a user row joined with the student profile. */
export async function loadSessionUser(db: Database, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toSessionUser(row) : null;
}

/** Finds the live session of a cookie token, with its user in the same query, and slides its idle expiry. */
export async function findSession(
  db: Database,
  token: string,
  idleMs: number,
  now = new Date(),
): Promise<{ sessionId: string; user: SessionUser; renewedUntil: Date | null } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, ...sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { sessionId, lastSeenAt, ...userRow } = row;
  const user = toSessionUser(userRow);
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const renewedUntil = new Date(now.getTime() + idleMs);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt: renewedUntil }).where(eq(sessions.id, sessionId));
    return { sessionId, user, renewedUntil };
  }
  return { sessionId, user, renewedUntil: null };
}

/** Ends the session of a cookie token, live or expired. */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, on every device. */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Starts a session for a user; the token goes only into the cookie, its hash into the table. */
export async function createSession(
  db: Database,
  userId: string,
  idleMs: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + idleMs);
  // Sessions that ran out are of no use; each sign-in clears its user's.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      lastSeenAt: now,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}
