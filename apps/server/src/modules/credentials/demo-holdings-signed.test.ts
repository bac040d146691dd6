import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-db';
import type { DatabaseHandle } from '../../db/client';
import { positionHolders } from '../../db/schema/index';
import { seedDemoIfEmpty } from '../../db/seed/demo';
import { issuePositionCredential } from './credentials.service';

const CONFIG = {
  publicUrl: 'http://localhost:3000',
  INSTITUTE_NAME: 'Indian Institute of Technology Bhilai',
  INSTITUTE_SHORT_NAME: 'IIT Bhilai',
  TIME_ZONE: 'Asia/Kolkata',
};

/**
 * The demo campus records its holdings as the portal records appointments (canIssuePositionCredential):
 * a club's holders verified by the president who appointed them, council offices by the institute
 * administrator, so every verified holding of the demo, the president's included, can be signed.
 */
describe('demo campus holdings as credentials', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoIfEmpty(handle.db);
  });
  afterAll(async () => handle.close());

  it('signs every verified demo holding not ended early', async () => {
    const holdings = await handle.db
      .select({ id: positionHolders.id, userId: positionHolders.userId })
      .from(positionHolders)
      .where(
        and(eq(positionHolders.verification, 'verified'), ne(positionHolders.status, 'terminated')),
      );
    expect(holdings.length).toBeGreaterThan(5);
    for (const holding of holdings) {
      const issued = await issuePositionCredential(handle.db, CONFIG, holding.userId, holding.id);
      expect(issued.jwt.split('.')).toHaveLength(3);
    }
  });
});
