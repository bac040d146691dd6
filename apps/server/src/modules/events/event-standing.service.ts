import { eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES, REGISTRATION_MESSAGES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventOrganizers, events, users, type EventRecord } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { canManageEvent, canSeeEvent, type EventActor, type EventStanding } from './events.policy';

/* Who the acting user is to one event, read in one statement; every event use case starts here. */

/** The institute's record of the actor that eligibility reads, and whether they are registered already. */
export type ActorFacts = {
  batchYear: number | null;
  program: string | null;
  discipline: string | null;
  registered: boolean;
};

/**
 * The event's id, qualified: in a one-table select Drizzle leaves its columns unqualified, and in
 * the subqueries below "id" would be the registration's own.
 */
const eventId = sql.raw('"events"."id"');

/** The event and the actor's standing with it; null when there is no such event. */
export async function standingOf(
  db: Database,
  actor: EventActor,
  id: string,
  options: { lock?: boolean; facts?: boolean; council?: boolean } = {},
): Promise<{ event: EventRecord; standing: EventStanding; facts?: ActorFacts } | null> {
  // With `facts`, the same statement reads what registering needs: the institute's record of the
  // actor and whether they hold a live registration.
  const ofProfile = sql`from student_profiles p where p.user_id = ${actor.id}::uuid`;
  const select = db
    .select({
      ...(options.facts
        ? {
            // One look-up of the profile for the three facts.
            profile: sql<
              [number | null, string | null, string | null] | null
            >`(select json_build_array(p.batch_year, p.program, p.branch) ${ofProfile})`,
            registered: sql<boolean>`exists (select 1 from event_registrations r where r.event_id = ${eventId}
              and r.user_id = ${actor.id}::uuid and r.status in ('confirmed', 'waitlisted'))`,
          }
        : {}),
      event: events,
      organizer: sql<boolean>`exists (select 1 from ${eventOrganizers} o where o.event_id = ${eventId} and o.user_id = ${actor.id}::uuid)`,
      clubCoordinator: sql<boolean>`(${actor.role} = 'CLUB_COORDINATOR' and ${events.organizingUnitId} is not null
        and ${events.organizingUnitId} = (select ${users.clubUnitId} from ${users} where ${users.id} = ${actor.id}::uuid))`,
      // The council is read only for a decision: its recursive walk up the unit tree costs.
      council: options.council
        ? councilCategoryOf(sql`${events.organizingUnitId}`)
        : sql<string | null>`null::text`,
    })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  // Registrations lock the event row: every change of its seats queues behind the one before. Not
  // FOR UPDATE: the door's scans and walk-ins, whose rows refer to the event (a KEY SHARE lock),
  // go on, so a scan holding a registration's row never waits on a change waiting on that row.
  const [row] = await (options.lock ? select.for('no key update', { of: events }) : select);
  if (!row) return null;
  const { event } = row;
  const facts =
    options.facts && 'registered' in row
      ? {
          batchYear: row.profile?.[0] ?? null,
          program: row.profile?.[1] ?? null,
          discipline: row.profile?.[2] ?? null,
          registered: row.registered === true,
        }
      : undefined;
  return {
    event,
    ...(facts ? { facts } : {}),
    standing: {
      createdBy: event.createdBy,
      status: event.status,
      approval: event.approval,
      organizer: row.organizer,
      clubCoordinator: row.clubCoordinator === true,
      council: row.council,
    },
  };
}

/** The event as the actor may see it, or 404 (also for a proposal they may not see). */
export async function visibleEvent(
  db: Database,
  actor: EventActor,
  id: string,
  options: { lock?: boolean; facts?: boolean } = {},
) {
  const found = await standingOf(db, actor, id, options);
  if (!found || !canSeeEvent(actor, found.standing)) throw AppError.notFound(EVENT_MESSAGES.notFound);
  return found;
}

/** The event, when the actor manages it (organisers and officials): 404 unseen, 403 otherwise. */
export async function managedEvent(
  db: Database,
  actor: EventActor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const found = await visibleEvent(db, actor, id, options);
  if (!canManageEvent(actor, found.standing))
    throw AppError.forbidden(REGISTRATION_MESSAGES.notOrganizer);
  return found;
}
