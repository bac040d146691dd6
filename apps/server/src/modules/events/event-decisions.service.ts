import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  OFFICIAL_ROLES,
  REGISTRATION_MESSAGES,
  councilOf,
  type EventDecision,
  type EventDetail,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { events } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { councilCategoryOf } from '../clubs/unit-facts.service';
import { notifyPerson, notifyMany } from '../notifications/notify.service';
import { standingOf } from './event-standing.service';
import { canDecideEvent, canSeeEvent, type EventActor } from './events.policy';
import { readEvent } from './events.read';

/* The council's decision on a club's event proposal. */

const OUTCOME = {
  approve: 'approved',
  request_changes: 'changes_requested',
  reject: 'rejected',
} as const;

/**
 * The people who decide an event's proposal, as a query of user_id: the general secretary of the
 * council its club sits in (found from the club's place in the council's tree) and the president.
 */
export function deciders(eventId: string): SQL {
  const council = councilCategoryOf(
    sql`(select organizing_unit_id from events where id = ${eventId}::uuid)`,
  );
  const gensecOf = OFFICIAL_ROLES.filter((role) => councilOf(role) !== null).map(
    (role) => sql`when ${role} then ${councilOf(role)}`,
  );
  return sql`select u.id as user_id from users u
    where u.role = 'PRESIDENT'
       or (case u.role ${sql.join(gensecOf, sql` `)} end) = ${council}`;
}

/**
 * Approves a proposal, sends it back for changes, or rejects it, with a reason for the last two.
 * The update is conditional on the proposal still waiting, so two officials deciding at once
 * settle on the first; the second is told it was decided (409). The proposer is told the outcome.
 */
export async function decideEvent(
  db: Database,
  actor: EventActor,
  id: string,
  input: EventDecision,
): Promise<EventDetail> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actor.id);
    const found = await standingOf(tx, actor, id, { council: true });
    if (!found || !canSeeEvent(actor, found.standing)) throw AppError.notFound('Event not found.');
    if (found.standing.approval !== 'proposed')
      throw AppError.conflict(REGISTRATION_MESSAGES.alreadyDecided);
    if (!canDecideEvent(actor, found.standing))
      throw AppError.forbidden(REGISTRATION_MESSAGES.notDecider);
    const outcome = OUTCOME[input.decision];
    const [decided] = await tx
      .update(events)
      .set({
        approval: outcome,
        approvalReason: input.decision === 'approve' ? (input.reason ?? null) : input.reason!,
        decidedBy: actor.id,
        decidedAt: new Date(),
      })
      .where(and(eq(events.id, id), eq(events.approval, 'proposed')))
      .returning({ title: events.title, createdBy: events.createdBy });
    if (!decided) throw AppError.conflict(REGISTRATION_MESSAGES.alreadyDecided);
    const content = {
      kind: 'event' as const,
      outcome,
      subject: decided.title,
      detail: input.reason ?? null,
      link: `/events/${id}`,
      subjectId: id,
    };
    await notifyPerson(tx, decided.createdBy, content);
    // The club's coordinator hears of it too when someone else of the club proposed it.
    await notifyMany(
      tx,
      sql`select u.id as user_id from users u join events e on e.organizing_unit_id = u.club_unit_id
        where e.id = ${id}::uuid and u.role = 'CLUB_COORDINATOR' and u.id is distinct from ${decided.createdBy}::uuid`,
      content,
    );
    await logActivity(tx, {
      type: 'event',
      actorId: actor.id,
      description: `Event ${outcome.replace('_', ' ')}: ${decided.title}`,
      subjectType: 'event',
      subjectId: id,
    });
    return (await readEvent(tx, actor, id))!;
  });
}
