import { desc, eq, ne, sql } from 'drizzle-orm';
import type { ActivityList, PresidentSummary } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { activityLog, events, roomBookings, users } from '../../db/schema/index';
import { keptHoldingsTally, tallyOf } from '../../db/tallies';
import { awaitingDecision } from '../rooms/bookings.service';
import { rowsOf } from '../../db/rows';

/**
 * The four tiles of the president's dashboard in one statement, so they load or fail together:
 * booking requests awaiting a decision (as the approval panel's Pending), requests on the approval
 * panel, planned events still to start, and position holder records (declined claims aside).
 */
export async function presidentSummary(
  db: Database,
  timeZone: string,
  now = new Date(),
): Promise<PresidentSummary> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${roomBookings} where ${awaitingDecision({ timeZone, now })})::int as "pendingApprovals",
      (select count(*) from ${roomBookings} where ${roomBookings.status} <> 'Withdrawn')::int as "roomBookings",
      (select count(*) from ${events} where ${events.status} = 'planned' and ${events.approval} = 'approved' and ${events.scheduleStart} > ${now.toISOString()}::timestamptz)::int as "upcomingEvents",
      ${tallyOf([keptHoldingsTally])} as "cosaRecords"`);
  return rowsOf<PresidentSummary>(result)[0]!;
}

/** The president follows what officials did; a student's own transcript lines are theirs. */
const officialsOnly = ne(activityLog.type, 'transcript');

/** The activity log, newest first, one page at a time, each line with the name of who acted. */
export async function recentActivities(
  db: Database,
  page: number,
  pageSize: number,
): Promise<ActivityList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: activityLog.id,
        type: activityLog.type,
        description: activityLog.description,
        createdAt: activityLog.createdAt,
        actorName: users.name,
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.actorId))
      .where(officialsOnly)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(officialsOnly),
  ]);
  return {
    items: rows.map(({ createdAt, actorName, ...row }) => ({
      ...row,
      timestamp: createdAt.toISOString(),
      actor: actorName === null ? null : { name: actorName },
    })),
    total: counted!.n,
    overall: counted!.n,
    page,
    pageSize,
  };
}
