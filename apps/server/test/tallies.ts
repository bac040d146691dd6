import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { tallies } from '../src/db/schema/index';

/** The running count of one queue key (0 while it has no row). */
export async function tallyOf(db: Database, key: string): Promise<number> {
  const [row] = await db.select({ n: tallies.n }).from(tallies).where(eq(tallies.key, key));
  return row ? Number(row.n) : 0;
}
