import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRatings, feedback } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createEvent, createRegistration } from '../../../test/factories';

const HOUR = 60 * 60 * 1000;

/**
 * One attendee's rating sent many times at once, on a server running the requests on separate
 * connections (this file runs only on PostgreSQL): the rating's primary key keeps exactly one.
 */
describe('an attendee rating an event several times at once', () => {
  const ctx = useTestApp();

  it('keeps one rating and one feedback item; every other request is told it was rated', async () => {
    const event = await createEvent(ctx.db, {
      scheduleStart: new Date(Date.now() - 2 * HOUR),
      scheduleEnd: new Date(Date.now() - HOUR),
    });
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    await createRegistration(ctx.db, event.id, user.id, { checkedInAt: new Date() });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/rating`,
          payload: { rating: (index % 5) + 1, comments: `Try ${index}` },
          headers: { origin: TEST_ORIGIN, cookie },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    for (const answer of answers.filter((each) => each.statusCode === 409))
      expect(answer.json().error.message).toBe('You have already rated this event.');
    const kept = await ctx.db.select().from(eventRatings).where(eq(eventRatings.eventId, event.id));
    const items = await ctx.db.select().from(feedback).where(eq(feedback.targetEventId, event.id));
    expect(kept).toHaveLength(1);
    expect(items).toHaveLength(1);
    expect(kept[0]!.feedbackId).toBe(items[0]!.id);
  });
});
