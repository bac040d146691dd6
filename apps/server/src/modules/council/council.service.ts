import { count, sql } from 'drizzle-orm';
import { FEEDBACK_TYPES, normalizeRole, type CouncilSummary } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, roomBookings, skills } from '../../db/schema/index';
import { feedbackTally, tallyOf } from '../../db/tallies';
import {
  countPendingAchievements,
  countPendingClaims,
  pendingCatalogueSkills,
  reviewTypesOf,
} from '../endorsements/endorsements.service';
import { awaitingDecision } from '../rooms/bookings.service';
import { positionQueueCount } from '../positions/position-review.service';
import { rowsOf } from '../../db/rows';

type Counts = {
  userSkills: number;
  skills: number;
  achievements: number;
  positions: number;
  feedback: number;
  events: number;
  bookings: number;
};

/**
 * What waits for an official, counted in one statement: items awaiting their review (as on the
 * panel, self-declared positions and club coordinators' appointments included), unresolved
 * feedback, upcoming events and room requests still awaiting a decision (their own; the
 * president's: all of them), an expired request left out.
 */
export async function councilSummary(
  db: Database,
  official: { id: string; role: string },
  timeZone: string,
  now = new Date(),
): Promise<CouncilSummary> {
  const types = reviewTypesOf(official.role);
  const president = normalizeRole(official.role) === 'PRESIDENT';
  // The panel's own conditions, so the counts and the queues cannot disagree.
  const catalogue = db
    .select({ n: count() })
    .from(skills)
    .where(pendingCatalogueSkills(official, types));
  const positionQueue = await positionQueueCount(db, official);
  const result = await db.execute(sql`
    select
      ${countPendingClaims(db, official, types)} as "userSkills",
      (${catalogue})::int as "skills",
      ${countPendingAchievements(db, official, types)} as "achievements",
      (${positionQueue.query})::int as "positions",
      ${tallyOf(FEEDBACK_TYPES.map((type) => feedbackTally(type, false)))} as "feedback",
      (select count(*) from ${events} where ${events.status} = 'planned' and ${events.approval} = 'approved' and ${events.scheduleStart} > ${now.toISOString()}::timestamptz)::int as "events",
      (select count(*) from ${roomBookings} where ${awaitingDecision({ timeZone, now })}
        and (${president} or ${roomBookings.requestedBy} = ${official.id}))::int as "bookings"`);
  const counts = rowsOf<Counts>(result)[0]!;
  return {
    types,
    pending: {
      userSkills: counts.userSkills,
      skills: counts.skills,
      achievements: counts.achievements,
      positions: counts.positions,
    },
    unresolvedFeedback: counts.feedback,
    upcomingEvents: counts.events,
    pendingBookings: counts.bookings,
  };
}
