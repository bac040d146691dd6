import { sql } from 'drizzle-orm';
import { normalizeRole, type CouncilSummary } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, feedback, roomBookings, skills, userSkills, users } from '../../db/schema/index';
import { reviewsPresidentsOther, reviewTypesOf } from '../endorsements/endorsements.policy';

type Counts = { userSkills: number; skills: number; achievements: number; feedback: number; events: number; bookings: number };

/**
 * What waits for an official, counted in one statement: items of their types awaiting review
 * (their own record left out, the president's 'other' achievements in, as on the panel), unresolved feedback, upcoming events and room
 * requests (their own pending ones; the president's: all pending).
 */
export async function councilSummary(db: Database, official: { id: string; role: string }, now = new Date()): Promise<CouncilSummary> {
  const types = reviewTypesOf(official.role);
  const typeList = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  const ofTypes = (column: unknown) => (types.length ? sql`${column} in (${typeList})` : sql`false`);
  const president = normalizeRole(official.role) === 'PRESIDENT';
  const result = await db.execute(sql`
    select
      (select count(*) from ${userSkills} join ${skills} on ${skills.id} = ${userSkills.skillId}
        where not ${userSkills.isEndorsed} and ${userSkills.declinedAt} is null and ${skills.declinedAt} is null
          and ${ofTypes(skills.type)} and ${userSkills.userId} <> ${official.id})::int as "userSkills",
      (select count(*) from ${skills}
        where not ${skills.isEndorsed} and ${skills.declinedAt} is null and ${ofTypes(skills.type)}
          and ${skills.createdBy} is distinct from ${official.id})::int as "skills",
      (select count(*) from ${achievements}
        where not ${achievements.verified} and ${achievements.declinedAt} is null
          and (${ofTypes(achievements.type)} or (${reviewsPresidentsOther(official.role)} and ${achievements.type} = 'other'
            and ${achievements.userId} in (select ${users.id} from ${users} where ${users.role} = 'PRESIDENT')))
          and ${achievements.userId} <> ${official.id})::int as "achievements",
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
