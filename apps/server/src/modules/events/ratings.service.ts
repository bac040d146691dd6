import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { REGISTRATION_MESSAGES, type EventRatingInput, type EventRatingResponse } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventRatings, eventRegistrations, events } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { submitFeedback } from '../feedback/feedback.service';
import { visibleEvent } from './event-standing.service';
import type { EventActor } from './events.policy';

/*
 * An attendee's rating of an event: only someone the door checked in, once the event has started,
 * once. Its comments become a feedback item about the event, so they reach the event's feedback
 * desk (the club's coordinator and the officials) like any other feedback, signed by the attendee.
 */

/** The person was checked in at the event (a confirmed registration the door checked in). */
const checkedIn = (userId: string, eventId: string) =>
  sql<boolean>`exists (select 1 from ${eventRegistrations} r
    where r.event_id = ${eventId}::uuid and r.user_id = ${userId}::uuid
      and r.status = 'confirmed' and r.checked_in_at is not null)`;

/** The event started: a known start in the past (an undated event the door checked people in at took place). */
const started = (now: Date) =>
  sql<boolean>`(${events.scheduleStart} is not null and ${events.scheduleStart} <= ${now.toISOString()}::timestamptz)`;

/**
 * Whether the person may rate the event now: checked in, the event approved, not cancelled and
 * started, and not rated by them yet. Read by the event's page for its `canRate`.
 */
export async function ratingStanding(
  db: Pick<Database, 'select'>,
  userId: string,
  eventId: string,
  now: Date = new Date(),
): Promise<{ canRate: boolean }> {
  const [row] = await db
    .select({
      canRate: sql<boolean>`${checkedIn(userId, eventId)} and ${started(now)}
        and not exists (select 1 from ${eventRatings} er where er.event_id = ${events.id} and er.user_id = ${userId}::uuid)`,
    })
    .from(events)
    .where(
      and(eq(events.id, eventId), eq(events.approval, 'approved'), sql`${events.status} <> 'cancelled'`),
    );
  return { canRate: row?.canRate === true };
}

/**
 * Records the signed-in person's rating of an event, and its comments as feedback about the event,
 * in one transaction. 404 for an event they may not see, 403 unless they were checked in at it,
 * 409 when it is cancelled, has not started or was already rated by them (the rating's primary
 * key settles two requests at once: one is kept, the other is told).
 */
export async function rateEvent(
  db: Database,
  actor: EventActor,
  eventId: string,
  input: EventRatingInput,
  now: Date = new Date(),
): Promise<EventRatingResponse['rating']> {
  const { event } = await visibleEvent(db, actor, eventId);
  const [attendance] = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, actor.id),
        eq(eventRegistrations.status, 'confirmed'),
        isNotNull(eventRegistrations.checkedInAt),
      ),
    )
    .limit(1);
  if (!attendance) throw AppError.forbidden(REGISTRATION_MESSAGES.ratingAttendeesOnly);
  if (event.status === 'cancelled') throw AppError.conflict(REGISTRATION_MESSAGES.eventCancelled);
  if (event.approval !== 'approved') throw AppError.conflict(REGISTRATION_MESSAGES.notApproved);
  // An event with no date has not started.
  if (!event.scheduleStart || event.scheduleStart.getTime() > now.getTime())
    throw AppError.conflict(REGISTRATION_MESSAGES.ratingTooEarly);

  return db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(eventRatings)
      .values({ eventId, userId: actor.id, rating: input.rating })
      .onConflictDoNothing({ target: [eventRatings.eventId, eventRatings.userId] })
      .returning({ createdAt: eventRatings.createdAt });
    if (!kept) throw AppError.conflict(REGISTRATION_MESSAGES.ratedAlready);
    // Words go to the feedback desk; a rating alone is no item to resolve, and would only add to
    // every resolver's queue.
    let feedbackId: string | null = null;
    if (input.comments) {
      const item = await submitFeedback(tx, actor.id, {
        type: 'General Feedback',
        targetType: 'Event',
        targetId: eventId,
        rating: input.rating,
        comments: input.comments,
        isAnonymous: false,
      });
      feedbackId = item.id;
      await tx
        .update(eventRatings)
        .set({ feedbackId })
        .where(and(eq(eventRatings.eventId, eventId), eq(eventRatings.userId, actor.id)));
    }
    return { eventId, rating: input.rating, feedbackId, createdAt: kept.createdAt.toISOString() };
  });
}
