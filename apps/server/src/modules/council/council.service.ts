import { count, eq, sql } from 'drizzle-orm';
import { normalizeRole, type CouncilSummary } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, feedback, roomBookings, skills, userSkills } from '../../db/schema/index';
import { reviewTypesOf } from '../endorsements/endorsements.policy';
import { pendingAchievementsOf, pendingCatalogueSkills, pendingClaims } from '../endorsements/endorsements.service';

type Counts = { userSkills: number; skills: number; achievements: number; feedback: number; events: number; bookings: number };

/**
 * What waits for an official, counted in one statement: items awaiting their review (as on the
 * panel), unresolved feedback, upcoming events and room requests (their own pending ones; the
 * president's: all pending).
 */
export async function councilSummary(db: Database, official: { id: string; role: string }, now = new Date()): Promise<CouncilSummary> {
  const types = reviewTypesOf(official.role);
  const president = normalizeRole(official.role) === 'PRESIDENT';
  // The panel's own conditions, so the counts and the queues cannot disagree.
  const claims = db.select({ n: count() }).from(userSkills).innerJoin(skills, eq(skills.id, userSkills.skillId)).where(pendingClaims(official, types));
  const catalogue = db.select({ n: count() }).from(skills).where(pendingCatalogueSkills(official, types));
  const awaiting = db.select({ n: count() }).from(achievements).where(pendingAchievementsOf(db, official, types));
  const result = await db.execute(sql`
    select
      (${claims})::int as "userSkills",
      (${catalogue})::int as "skills",
      (${awaiting})::int as "achievements",
      (select count(*) from ${feedback} where not ${feedback.isResolved})::int as "feedback",
      (select count(*) from ${events} where ${events.status} = 'planned' and ${events.scheduleStart} > ${now.toISOString()}::timestamptz)::int as "events",
      (select count(*) from ${roomBookings} where ${roomBookings.status} = 'Pending'
        and (${president} or ${roomBookings.requestedBy} = ${official.id}))::int as "bookings"`);
  const counts = (result as unknown as { rows: Counts[] }).rows[0]!;
  return {
    types,
    pending: { userSkills: counts.userSkills, skills: counts.skills, achievements: counts.achievements },
    unresolvedFeedback: counts.feedback,
    upcomingEvents: counts.events,
    pendingBookings: counts.bookings,
  };
}
