import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { clubPagesClientOf } from '../../../test/club-pages-client';
import { createEvent } from '../../../test/factories';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe('GET /api/me/dashboard: from clubs you follow', () => {
  const ctx = useTestApp();
  const clubs = clubPagesClientOf(ctx);
  const dashboard = async (cookie: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/dashboard',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("lists the next three upcoming approved events of the followed clubs, soonest first, and nothing else's", async () => {
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    const { club: coding } = await clubs.club('Coding Club');
    const { club: drama } = await clubs.club('Drama Club');
    const { club: chess } = await clubs.club('Chess Club');
    const student = await clubs.student('Asha Verma');
    const other = await clubs.student('Dev Shah');

    const event = (title: string, unitId: string, startsIn: number, more: object = {}) =>
      createEvent(ctx.db, {
        title,
        description: null,
        category: 'technical',
        organizingUnitId: unitId,
        scheduleStart: at(startsIn),
        scheduleEnd: at(startsIn + 2 * HOUR_MS),
        ...more,
      });
    const sprint = await event('Code sprint', coding.id, 2 * DAY_MS);
    const play = await event('Spring play', drama.id, 1 * DAY_MS, { category: 'cultural' });
    const talk = await event('Compiler talk', coding.id, 3 * DAY_MS);
    await event('Hack night', coding.id, 4 * DAY_MS); // the fourth: beyond the three
    // Left out: a club not followed, a proposal, a cancelled event, one already past.
    await event('Chess open', chess.id, HOUR_MS);
    await event('Only proposed', coding.id, HOUR_MS, { approval: 'proposed' });
    await event('Called off', coding.id, HOUR_MS, { status: 'cancelled' });
    await event('Last week', coding.id, -7 * DAY_MS);

    // Following nothing: the section has nothing to show.
    expect((await dashboard(student.cookie)).followedClubEvents).toEqual([]);

    expect((await clubs.follow(coding.id, student.cookie)).statusCode).toBe(200);
    expect((await clubs.follow(drama.id, student.cookie)).statusCode).toBe(200);
    await clubs.follow(chess.id, other.cookie);
    const body = await dashboard(student.cookie);
    expect(body.followedClubEvents).toEqual([
      {
        id: play.id,
        title: 'Spring play',
        description: null,
        category: 'cultural',
        unitName: 'Drama Club',
        start: play.scheduleStart!.toISOString(),
        end: play.scheduleEnd!.toISOString(),
      },
      expect.objectContaining({ id: sprint.id, title: 'Code sprint', unitName: 'Coding Club' }),
      expect.objectContaining({ id: talk.id, title: 'Compiler talk', unitName: 'Coding Club' }),
    ]);
    // The campus-wide list stays as it was: every upcoming event, followed or not.
    expect(body.upcomingTotal).toBe(5);

    expect((await clubs.unfollow(drama.id, student.cookie)).statusCode).toBe(200);
    expect(
      (await dashboard(student.cookie)).followedClubEvents.map((item: { title: string }) => item.title),
    ).toEqual(['Code sprint', 'Compiler talk', 'Hack night']);
  });
});
