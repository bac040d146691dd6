import { and, eq, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { normalizeRole, type SessionUser } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
  studentProfiles,
  users,
} from '../../db/schema/index';
import { deleteEndedCounters } from '../../lib/attempt-counter';
import { takenInTurn } from '../../lib/taken-in-turn';
import { hashToken, newToken } from '../../lib/tokens';

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** A session ends after idleMs without use, and maxMs after sign-in however much it is used. */
export type SessionLifetime = { idleMs: number; maxMs: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a session lives without use, and at most, as configured. */
export function sessionLifetime(config: {
  SESSION_IDLE_DAYS: number;
  SESSION_MAX_DAYS: number;
}): SessionLifetime {
  return { idleMs: config.SESSION_IDLE_DAYS * DAY_MS, maxMs: config.SESSION_MAX_DAYS * DAY_MS };
}

function expiryOf(lifetime: SessionLifetime, createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + lifetime.idleMs, createdAt.getTime() + lifetime.maxMs));
}

const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  name: users.name,
  role: users.role,
  studentId: users.studentId,
  onboardingComplete: users.onboardingComplete,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
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

/**
 * The sessions of a set of tokens with their users, in one statement: every signed-in request asks
 * for its own, so the statement is prepared once per connection. Expiry is judged per request by
 * the caller; a deactivated account's cookie stops working at once, even a session created in the
 * moment between the deactivation and the deletion of its sessions.
 */
function sessionsStatement(db: Database, name: string) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(users.deactivatedAt),
      ),
    )
    .prepare(name);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsStatement>['execute']>>[number];

/** At most this many requests' sessions are read by one statement. */
const MOST_SESSIONS_TOGETHER = 100;

/** Each database's look-up of sessions: those asked for in the same turn of the event loop go together. */
const sessionDesks = new WeakMap<Database, (tokenHash: string) => Promise<SessionRow | undefined>>();

/**
 * The session row of a token's hash, read together with those of the requests that arrive in the
 * same turn of the event loop: a rush of a thousand signed-in requests costs a few dozen reads
 * instead of a thousand (each of which, on the embedded database, holds the server's one thread).
 * A read never waits for another, and a read that fails is tried again per request.
 */
function sessionDeskOf(db: Database): (tokenHash: string) => Promise<SessionRow | undefined> {
  let desk = sessionDesks.get(db);
  if (!desk) {
    desk = takenInTurn<string, SessionRow | undefined>({
      most: MOST_SESSIONS_TOGETHER,
      run: async (tokenHashes) => {
        // Hashes are 64 hexadecimal digits (checked by the table): written as an array literal as they are.
        const rows = await prepared(db, 'sessions_of_tokens', sessionsStatement).execute({
          tokenHashes: `{${tokenHashes.join(',')}}`,
        });
        const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
        return tokenHashes.map((tokenHash) => byHash.get(tokenHash));
      },
    });
    sessionDesks.set(db, desk);
  }
  return desk;
}

/**
 * Finds the live session of a cookie token, with its user in the same query, and slides its idle
 * expiry up to the session's absolute end.
 */
export async function findSession(
  db: Database,
  token: string,
  lifetime: SessionLifetime,
  now = new Date(),
  /** False for a check that is not the person's own use of the portal (a live stream's heartbeat): the session's idle clock runs on. */
  renew = true,
): Promise<{ sessionId: string; user: SessionUser; renewedUntil: Date | null } | null> {
  const row = await sessionDeskOf(db)(hashToken(token));
  if (
    !row ||
    row.expiresAt.getTime() <= now.getTime() ||
    row.createdAt.getTime() <= now.getTime() - lifetime.maxMs
  )
    return null;
  const {
    sessionId,
    createdAt,
    lastSeenAt,
    tokenHash: _tokenHash,
    expiresAt: _expiresAt,
    ...userRow
  } = row;
  const user = toSessionUser(userRow);
  if (renew && now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    const renewedUntil = expiryOf(lifetime, createdAt, now);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: renewedUntil })
      .where(eq(sessions.id, sessionId));
    return { sessionId, user, renewedUntil };
  }
  return { sessionId, user, renewedUntil: null };
}

/** Ends the session of a cookie token, live or expired. */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Starts a session for a user; the token goes only into the cookie, its hash into the table. */
export async function createSession(
  db: Database,
  userId: string,
  lifetime: SessionLifetime,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = expiryOf(lifetime, now, now);
  // Sessions that ran out are of no use; each sign-in clears its user's.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      ip: meta.ip ?? null,
    })
    .returning({ id: sessions.id });
  const newest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.createdAt} desc`)
    .limit(MAX_SESSIONS_PER_USER);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, newest)));
  return { token, sessionId: row!.id, expiresAt };
}

/** Used and expired links are kept this long, so that opening one again says why it no longer works. */
const SPENT_LINK_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** A user keeps at most this many sessions; signing in once more ends the oldest. */
const MAX_SESSIONS_PER_USER = 20;

/**
 * Registrations nobody proved within a week: unproven, never onboarded, registered more than a week
 * ago, with a verification link (asking for new links does not keep a squat alive). Accounts from
 * before links existed have none and stay.
 */
function abandonedRegistrations(cutoff: Date) {
  const hasLink = sql`exists (select 1 from ${emailVerificationTokens} where ${emailVerificationTokens.userId} = ${users.id})`;
  return and(
    isNull(users.emailVerifiedAt),
    fixed(users.role, 'STUDENT'),
    fixed(users.onboardingComplete, false),
    lt(users.createdAt, cutoff),
    hasLink,
  );
}

/**
 * Removes what has run out: sessions past their idle or absolute end, registrations nobody proved
 * (see abandonedRegistrations), reset and verification links spent or expired more than a week
 * ago, and ended rate-limit windows. Each step runs even when another fails.
 */
export async function sweepExpired(
  db: Database,
  lifetime: SessionLifetime,
  now = new Date(),
): Promise<void> {
  const spentBefore = new Date(now.getTime() - SPENT_LINK_KEEP_MS);
  const steps = [
    () =>
      db
        .delete(sessions)
        .where(
          or(
            lte(sessions.expiresAt, now),
            lte(sessions.createdAt, new Date(now.getTime() - lifetime.maxMs)),
          ),
        ),
    // Before the links go: the expiry of its newest link is what marks a registration abandoned.
    () => db.delete(users).where(abandonedRegistrations(spentBefore)),
    () =>
      db
        .delete(passwordResetTokens)
        .where(
          or(
            lt(passwordResetTokens.expiresAt, spentBefore),
            lt(passwordResetTokens.usedAt, spentBefore),
          ),
        ),
    () =>
      db
        .delete(emailVerificationTokens)
        .where(
          or(
            lt(emailVerificationTokens.expiresAt, spentBefore),
            lt(emailVerificationTokens.usedAt, spentBefore),
          ),
        ),
    () => deleteEndedCounters(db),
  ];
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'part of the sweep failed');
}
