import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRatings, feedback, notifications } from '../../db/schema/index';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createRegistration,
  createStudent,
  createUser,
} from '../../../test/factories';
import { ratingStanding } from './ratings.service';

const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

// Typed by hand from the spec of the rating (contracts REGISTRATION_MESSAGES).
const ATTENDEES_ONLY = 'Only people checked in at the event can rate it.';
const TOO_EARLY = 'The event can be rated once it has started.';
const RATED_ALREADY = 'You have already rated this event.';
const CANCELLED = 'This event is cancelled.';
const CHOOSE_RATING = 'Choose a rating from 1 to 5.';
const NOT_FOUND = 'Event not found.';

describe('POST /api/events/:id/rating', () => {
  const ctx = useTestApp();
  const rate = (id: string, payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/events/${id}/rating`,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  /** A club's event that started two hours ago, and a student the door checked in at it. */
  async function attendedEvent(overrides: Parameters<typeof createEvent>[1] = {}) {
    const club = await createOrgUnit(ctx.db);
    const event = await createEvent(ctx.db, {
      title: 'Robotics workshop',
      organizingUnitId: club.id,
      scheduleStart: new Date(Date.now() - 2 * HOUR),
      scheduleEnd: new Date(Date.now() - HOUR),
      ...overrides,
    });
    const organiser = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    const { user: student, cookie } = await signedInAs(ctx, 'STUDENT', { name: 'Aditi Rao' });
    await createRegistration(ctx.db, event.id, student.id, {
      checkedInAt: new Date(Date.now() - 2 * HOUR),
      checkedInBy: organiser.id,
    });
    return { club, event, student, cookie };
  }

  const ratingsOf = (eventId: string) =>
    ctx.db.select().from(eventRatings).where(eq(eventRatings.eventId, eventId));
  const feedbackAbout = (eventId: string) =>
    ctx.db.select().from(feedback).where(eq(feedback.targetEventId, eventId));

  it('asks a signed-out visitor to sign in', async () => {
    const { event } = await attendedEvent();
    const response = await rate(event.id, { rating: 5 });
    expect(response.statusCode).toBe(401);
    expect(await ratingsOf(event.id)).toHaveLength(0);
  });

  it('refuses a rating outside 1 to 5, a missing one, and comments over 2000 characters', async () => {
    const { event, cookie } = await attendedEvent();
    for (const payload of [{}, { rating: 0 }, { rating: 6 }, { rating: 2.5 }, { rating: '4' }]) {
      const response = await rate(event.id, payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields.rating).toBe(CHOOSE_RATING);
    }
    const long = await rate(event.id, { rating: 4, comments: 'x'.repeat(2001) }, cookie);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.comments).toBe('Comments must be at most 2000 characters.');
    const extra = await rate(event.id, { rating: 4, userId: UNKNOWN_ID }, cookie);
    expect(extra.statusCode).toBe(400);
    expect(await ratingsOf(event.id)).toHaveLength(0);
    expect(await feedbackAbout(event.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown event and for a proposal the student may not see', async () => {
    const { cookie } = await attendedEvent();
    expect((await rate(UNKNOWN_ID, { rating: 5 }, cookie)).json().error.message).toBe(NOT_FOUND);
    const proposal = await createEvent(ctx.db, {
      approval: 'proposed',
      scheduleStart: new Date(Date.now() - HOUR),
    });
    const response = await rate(proposal.id, { rating: 5 }, cookie);
    expect(response.statusCode).toBe(404);
    expect(await ratingsOf(proposal.id)).toHaveLength(0);
  });

  it('lets only people checked in rate: not the registered, the waitlisted, the organisers or the officials', async () => {
    const { event } = await attendedEvent();
    const { user: registered, cookie: registeredCookie } = await signedInAs(ctx, 'STUDENT');
    await createRegistration(ctx.db, event.id, registered.id);
    const { user: waiting, cookie: waitingCookie } = await signedInAs(ctx, 'STUDENT');
    await createRegistration(ctx.db, event.id, waiting.id, { status: 'waitlisted', confirmedAt: null });
    const { cookie: strangerCookie } = await signedInAs(ctx, 'STUDENT');
    const { cookie: presidentCookie } = await signedInAs(ctx, 'PRESIDENT');
    const { cookie: adminCookie } = await signedInAs(ctx, 'ADMIN');
    for (const cookie of [
      registeredCookie,
      waitingCookie,
      strangerCookie,
      presidentCookie,
      adminCookie,
    ]) {
      const response = await rate(event.id, { rating: 5, comments: 'Great' }, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(ATTENDEES_ONLY);
    }
    expect(await ratingsOf(event.id)).toHaveLength(0);
    expect(await feedbackAbout(event.id)).toHaveLength(0);
  });

  it('waits until the event has started, and refuses a cancelled event', async () => {
    const { event, cookie } = await attendedEvent({
      // Checked in at the door half an hour before the start.
      scheduleStart: new Date(Date.now() + HOUR),
      scheduleEnd: new Date(Date.now() + 3 * HOUR),
    });
    const early = await rate(event.id, { rating: 4 }, cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(TOO_EARLY);
    // An event with no date has not started either.
    const undated = await attendedEvent({ scheduleStart: null, scheduleEnd: null });
    const noDate = await rate(undated.event.id, { rating: 4 }, undated.cookie);
    expect(noDate.statusCode).toBe(409);
    expect(noDate.json().error.message).toBe(TOO_EARLY);

    const { event: cancelled, cookie: attendee } = await attendedEvent({ status: 'cancelled' });
    const refused = await rate(cancelled.id, { rating: 1 }, attendee);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CANCELLED);
    expect([...(await ratingsOf(event.id)), ...(await ratingsOf(cancelled.id))]).toHaveLength(0);
  });

  it('keeps the rating, and its comments as signed feedback about the event on its feedback desk', async () => {
    const { club, event, student, cookie } = await attendedEvent();
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const response = await rate(
      event.id,
      { rating: 4, comments: '  Loved the hands-on part.  ' },
      cookie,
    );
    expect(response.statusCode).toBe(201);
    const { rating } = response.json();
    expect(rating).toMatchObject({ eventId: event.id, rating: 4 });

    const [item, ...more] = await feedbackAbout(event.id);
    expect(more).toHaveLength(0);
    expect(item).toMatchObject({
      type: 'General Feedback',
      targetType: 'Event',
      targetEventId: event.id,
      rating: 4,
      comments: 'Loved the hands-on part.',
      isAnonymous: false,
      authorId: student.id,
      isResolved: false,
    });
    expect(rating.feedbackId).toBe(item!.id);
    expect(await ratingsOf(event.id)).toEqual([
      expect.objectContaining({ userId: student.id, rating: 4, feedbackId: item!.id }),
    ]);

    // The club's coordinator finds it on their desk, and was told one more item waits there.
    const desk = await ctx.app.inject({
      method: 'GET',
      url: '/api/feedback',
      headers: { cookie: await signInAs(ctx, coordinator) },
    });
    expect(desk.json().items.map((row: { id: string }) => row.id)).toEqual([item!.id]);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, coordinator.id));
    expect(told).toEqual([expect.objectContaining({ kind: 'queue', outcome: 'feedback' })]);
  });

  it('keeps a rating without comments out of the feedback desk', async () => {
    const { event, student, cookie } = await attendedEvent();
    const response = await rate(event.id, { rating: 2, comments: '   ' }, cookie);
    expect(response.statusCode).toBe(201);
    expect(response.json().rating).toMatchObject({ rating: 2, feedbackId: null });
    expect(await ratingsOf(event.id)).toEqual([
      expect.objectContaining({ userId: student.id, rating: 2, feedbackId: null }),
    ]);
    expect(await feedbackAbout(event.id)).toHaveLength(0);
  });

  it('takes one rating per person: a second, even sent at once, is refused and leaves no second feedback', async () => {
    const { event, cookie } = await attendedEvent();
    const answers = await Promise.all([
      rate(event.id, { rating: 5, comments: 'First' }, cookie),
      rate(event.id, { rating: 1, comments: 'Second' }, cookie),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const again = await rate(event.id, { rating: 3, comments: 'Third' }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RATED_ALREADY);
    expect(await ratingsOf(event.id)).toHaveLength(1);
    expect(await feedbackAbout(event.id)).toHaveLength(1);
  });

  describe('ratingStanding', () => {
    it('says an attendee may rate once the event started, and not after rating', async () => {
      const { event, student, cookie } = await attendedEvent();
      expect(await ratingStanding(ctx.db, student.id, event.id)).toEqual({ canRate: true });
      // Not before the start, as the server's clock sees it.
      expect(
        await ratingStanding(ctx.db, student.id, event.id, new Date(Date.now() - 3 * HOUR)),
      ).toEqual({ canRate: false });
      await rate(event.id, { rating: 5 }, cookie);
      expect(await ratingStanding(ctx.db, student.id, event.id)).toEqual({ canRate: false });
    });

    it('says no to someone not checked in, for a cancelled event and for an unknown one', async () => {
      const { event } = await attendedEvent();
      const { user: other } = await createStudent(ctx.db);
      await createRegistration(ctx.db, event.id, other.id);
      expect(await ratingStanding(ctx.db, other.id, event.id)).toEqual({ canRate: false });
      const { event: cancelled, student } = await attendedEvent({ status: 'cancelled' });
      expect(await ratingStanding(ctx.db, student.id, cancelled.id)).toEqual({ canRate: false });
      expect(await ratingStanding(ctx.db, student.id, UNKNOWN_ID)).toEqual({ canRate: false });
    });
  });
});
