import { and, eq, lt } from 'drizzle-orm';
import { JOIN_REQUEST_LAPSE_DAYS } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubJoinRequests, orgUnits } from '../../db/schema/index';
import { notifyPerson } from '../notifications/notify.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Marks every request and invitation nobody answered within JOIN_REQUEST_LAPSE_DAYS days of `now`
 * 'lapsed', and tells each person, in one transaction. Resolves to how many lapsed.
 */
export async function lapseJoinRequests(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - JOIN_REQUEST_LAPSE_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(clubJoinRequests)
      .set({ status: 'lapsed', decidedAt: now })
      .where(and(eq(clubJoinRequests.status, 'pending'), lt(clubJoinRequests.createdAt, before)))
      .returning({
        id: clubJoinRequests.id,
        userId: clubJoinRequests.userId,
        unitId: clubJoinRequests.unitId,
        kind: clubJoinRequests.kind,
      });
    for (const each of lapsed) {
      const [club] = await tx
        .select({ name: orgUnits.name })
        .from(orgUnits)
        .where(eq(orgUnits.id, each.unitId));
      await notifyPerson(tx, each.userId, {
        kind: 'club',
        outcome: each.kind === 'request' ? 'lapsed' : 'invitation-lapsed',
        subject: club?.name ?? 'a club',
        link: '/home',
        subjectId: each.id,
      });
    }
    return lapsed.length;
  });
}
