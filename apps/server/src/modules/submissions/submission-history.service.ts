import { asc, eq, inArray } from 'drizzle-orm';
import type { SubmissionEvent } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { submissionHistory, users } from '../../db/schema/index';

/* The history a student reads on their own achievement or self-declared position (decision 0024). */

type Executor = Pick<Database, 'select' | 'insert'>;
/** Which kind of item a history line belongs to. */
type SubmissionItem = 'achievement' | 'holding';
/** The decline an item carries now, as its row keeps it. */
type CurrentDecline = { at: Date | null; byName: string | null; reason: string | null };

const itemColumn = (item: SubmissionItem) =>
  item === 'achievement' ? submissionHistory.achievementId : submissionHistory.holdingId;

/**
 * The past declines and resends of each item, oldest first, with the decline the item carries now
 * last; an item without any has an empty list.
 */
export async function historiesOf(
  db: Pick<Database, 'select'>,
  item: SubmissionItem,
  current: Map<string, CurrentDecline>,
): Promise<Map<string, SubmissionEvent[]>> {
  const ids = [...current.keys()];
  const histories = new Map<string, SubmissionEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return histories;
  const column = itemColumn(item);
  const rows = await db
    .select({
      itemId: column,
      event: submissionHistory.event,
      at: submissionHistory.at,
      reason: submissionHistory.reason,
      byName: users.name,
    })
    .from(submissionHistory)
    .leftJoin(users, eq(users.id, submissionHistory.actorId))
    .where(inArray(column, ids))
    .orderBy(asc(submissionHistory.at), asc(submissionHistory.id));
  for (const row of rows) {
    histories.get(row.itemId!)?.push({
      event: row.event,
      at: row.at.toISOString(),
      // A resend is the student's own: only a decline names who made it.
      by: row.event === 'declined' && row.byName ? { name: row.byName } : null,
      reason: row.reason,
    });
  }
  for (const [id, decline] of current) {
    if (!decline.at) continue;
    histories.get(id)!.push({
      event: 'declined',
      at: decline.at.toISOString(),
      by: decline.byName ? { name: decline.byName } : null,
      reason: decline.reason,
    });
  }
  return histories;
}

/**
 * Moves an item's current decline into its history and records that its owner sent it again, in
 * the transaction that makes it pending once more.
 */
export async function recordResend(
  tx: Executor,
  item: SubmissionItem,
  id: string,
  decline: { by: string | null; at: Date; reason: string },
  ownerId: string,
  now: Date,
): Promise<void> {
  const key = item === 'achievement' ? { achievementId: id } : { holdingId: id };
  await tx.insert(submissionHistory).values([
    { ...key, event: 'declined', actorId: decline.by, reason: decline.reason, at: decline.at },
    { ...key, event: 'resent', actorId: ownerId, reason: null, at: now },
  ]);
}
