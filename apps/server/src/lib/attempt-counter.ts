import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/index';

/** How many attempts a key may make in a fixed window. */
export type AttemptLimit = { max: number; windowMs: number };

/** A counted attempt: the key's count including this one, and when its window ends. */
export type CountedAttempt = { key: string; hits: number; resetAt: Date };

/** Keys are stored as digests: the table never holds an e-mail or a client address in clear. */
export function counterKey(name: string, value: string): string {
  return `${name}:${createHash('sha256').update(value).digest('base64url')}`;
}

/**
 * Counts one attempt of a key in a single atomic upsert, so concurrent attempts in any number of
 * server processes on one database each see a distinct count; a window that ended starts again at 1.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<CountedAttempt> {
  const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.resetAt} <= now() then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetAt: sql`case when ${rateLimitCounters.resetAt} <= now() then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt });
  return { key, hits: row!.hits, resetAt: row!.resetAt };
}

/** Forgets every counted attempt of a key. */
export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Takes back one counted attempt of a key whose window is still open (a successful sign-in). */
export async function giveBackAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, sql`now()`)));
}

/** Removes the counters whose window has ended. */
export async function deleteEndedCounters(db: Database): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, sql`now()`));
}
