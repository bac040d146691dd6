import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { councilOf, OFFICIAL_ROLES } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventOrganizers, events } from '../../db/schema/index';
import { coordinatorClubIdWithin } from '../clubs/club-scope.service';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import type { EventActor } from './events.policy';

/* Which events a list shows to whom, as conditions on the events table. */

const isOfficialRole = (role: string) => (OFFICIAL_ROLES as readonly string[]).includes(role);

/** The events the actor made, organises, or belong to the club they coordinate, as a condition. */
export function ownEvents(db: Database, actor: EventActor): SQL {
  const organizes = exists(
    db
      .select({ one: sql`1` })
      .from(eventOrganizers)
      .where(and(eq(eventOrganizers.eventId, events.id), eq(eventOrganizers.userId, actor.id))),
  );
  return or(
    eq(events.createdBy, actor.id),
    organizes,
    actor.role === 'CLUB_COORDINATOR'
      ? sql`${events.organizingUnitId} = ${coordinatorClubIdWithin(db, actor.id)}`
      : undefined,
  )!;
}

/** Officials and the administrator see every event, proposals too. */
export const seesEveryEvent = (actor: EventActor) =>
  isOfficialRole(actor.role) || actor.role === 'ADMIN';

/**
 * The events the actor may see: approved ones, and proposals to those who made, run or decide
 * them (canSeeEvent as a condition): every official and the administrator, its creator, its
 * organisers, its club's coordinator.
 */
export function visibleTo(db: Database, actor: EventActor): SQL | undefined {
  if (seesEveryEvent(actor)) return undefined;
  return or(eq(events.approval, 'approved'), ownEvents(db, actor));
}

/** The proposals waiting for this actor's decision: the president's all, a general secretary's their council's. */
export function decidableBy(actor: EventActor): SQL | undefined {
  const waiting = and(eq(events.approval, 'proposed'), sql`${events.status} <> 'cancelled'`);
  if (actor.role === 'PRESIDENT') return waiting;
  const council = councilOf(actor.role);
  if (!council) return undefined;
  return and(waiting, sql`${councilCategoryOf(sql`${events.organizingUnitId}`)} = ${council}`);
}
