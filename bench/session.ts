import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { sessions, users } from '../apps/server/src/db/schema/index';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/session.service';
import { hashToken, newToken } from '../apps/server/src/lib/tokens';

/** Signs a seeded student in directly in the database; returns the Cookie header value. */
export async function createBenchSession(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<string> {
  const handle = await openDatabase(config);
  try {
    const [student] = await handle.db.select({ id: users.id }).from(users).where(eq(users.role, 'STUDENT')).limit(1);
    if (!student) throw new Error('the database has no student to sign in');
    const token = newToken();
    await handle.db.insert(sessions).values({ tokenHash: hashToken(token), userId: student.id, expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) });
    return `${SESSION_COOKIE}=${token}`;
  } finally {
    await handle.close();
  }
}
