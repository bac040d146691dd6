import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { browserOf, freshIp } from '../../../test/auth-helpers';
import { feedOf } from '../../../test/calendar-client';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { createEvent, createRegistration } from '../../../test/factories';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the private calendar feed and the clubs a student follows', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const clubs = clubPagesClientOf(ctx);

  /** The student's feed: made through the page's request, then read as a calendar program does. */
  async function feedFor(cookie: string) {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/calendar-feed',
      remoteAddress: freshIp(),
      headers: { origin: TEST_ORIGIN, cookie },
    });
    return browser.get(made.json().url.replace(TEST_ORIGIN, ''));
  }

  it("holds the followed clubs' approved events once each, beside the student's registrations", async () => {
    const { club: coding } = await clubs.club('Coding Club');
    const { club: drama } = await clubs.club('Drama Club');
    const student = await clubs.student('Asha Verma');
    const at = (iso: string) => new Date(iso);
    const contest = await createEvent(ctx.db, {
      title: 'Code sprint',
      organizingUnitId: coding.id,
      scheduleStart: at('2027-03-01T10:00:00Z'),
      scheduleEnd: at('2027-03-01T13:00:00Z'),
    });
    const waitlisted = await createEvent(ctx.db, {
      title: 'Compiler talk',
      organizingUnitId: coding.id,
      scheduleStart: at('2027-03-02T10:00:00Z'),
      scheduleEnd: at('2027-03-02T11:00:00Z'),
    });
    await createEvent(ctx.db, {
      title: 'Called off',
      organizingUnitId: coding.id,
      status: 'cancelled',
    });
    await createEvent(ctx.db, {
      title: 'Only proposed',
      organizingUnitId: coding.id,
      approval: 'proposed',
    });
    await createEvent(ctx.db, {
      title: 'Two years ago',
      organizingUnitId: coding.id,
      scheduleStart: new Date(Date.now() - 730 * DAY_MS),
      scheduleEnd: null,
    });
    await createEvent(ctx.db, { title: 'Not followed', organizingUnitId: drama.id });
    await createRegistration(ctx.db, waitlisted.id, student.user.id, { status: 'waitlisted' });

    // Before following: only the registration.
    expect(feedOf(await feedFor(student.cookie)).map((event) => event.summary)).toEqual([
      'Compiler talk (waitlist)',
    ]);

    expect((await clubs.follow(coding.id, student.cookie)).statusCode).toBe(200);
    const answer = await feedFor(student.cookie);
    expect(feedOf(answer)).toEqual([
      {
        uid: `${contest.id}@localhost:3000`,
        summary: 'Code sprint',
        description: `A 24-hour build sprint open to all students.\n\nOrganised by Coding Club.\n\nhttp://localhost:3000/events/${contest.id}`,
        location: 'Lecture Hall 1',
        url: `http://localhost:3000/events/${contest.id}`,
        status: 'CONFIRMED',
        start: '2027-03-01T10:00:00.000Z',
        end: '2027-03-01T13:00:00.000Z',
      },
      // Registered for and followed: once, as the registration.
      expect.objectContaining({
        uid: `${waitlisted.id}@localhost:3000`,
        summary: 'Compiler talk (waitlist)',
        status: 'TENTATIVE',
      }),
    ]);
    // The calendar's own description says what it holds (folded lines joined).
    expect(answer.body.replace(/\r\n /g, '')).toContain(
      'X-WR-CALDESC:The events you registered for and the events of the clubs you follow, on the COSA Portal.',
    );

    // Another student's follow puts nothing in this feed; unfollowing takes the club's events out.
    const other = await clubs.student('Dev Shah');
    await clubs.follow(drama.id, other.cookie);
    await clubs.unfollow(coding.id, student.cookie);
    expect(feedOf(await feedFor(student.cookie)).map((event) => event.summary)).toEqual([
      'Compiler talk (waitlist)',
    ]);
  });
});
