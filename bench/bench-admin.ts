import type { DatabaseHandle } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema/index';
import { SESSION_COOKIE } from '../apps/server/src/lib/session-cookie';
import { createSession } from '../apps/server/src/modules/auth/session.service';

/** An administrator made straight in the database, and the cookie of a session of theirs. */
export async function benchAdminCookie(handle: DatabaseHandle): Promise<string> {
  const [admin] = await handle.db
    .insert(users)
    .values({
      email: 'bench.admin@iitbhilai.ac.in',
      username: 'bench.admin',
      name: 'Bench Admin',
      role: 'ADMIN',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const session = await createSession(handle.db, admin!.id, { idleMs: 3_600_000, maxMs: 3_600_000 });
  return `${SESSION_COOKIE}=${session.token}`;
}
