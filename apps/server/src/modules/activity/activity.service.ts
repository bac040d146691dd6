import type { ACTIVITY_TYPES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { activityLog } from '../../db/schema/index';

type ActivityEntry = {
  type: (typeof ACTIVITY_TYPES)[number];
  actorId: string;
  description: string;
  subjectType: string;
  subjectId: string;
};

/** Writes one line of the activity log; pass the transaction of the change so both land or neither. */
export async function logActivity(db: Pick<Database, 'insert'>, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLog).values(entry);
}
