import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { browserOf, signedInAs } from '../../../test/auth-helpers';
import { feedOf } from '../../../test/calendar-client';
import { createEvent, createRegistration } from '../../../test/factories';

/*
 * Calendar programs must place each event at its instant whatever the zone of the server that wrote
 * the feed or of the program that reads it. Each event below straddles a change of the clocks: the
 * feed is written and read back (node-ical) under that zone, and the instants typed here by hand
 * must come back, both as UTC and on that zone's wall clock.
 */
const CASES = [
  {
    zone: 'America/New_York',
    // Clocks go forward at 02:00 on Sunday 14 March 2027: 23:00 EST (UTC-5) to 04:00 EDT (UTC-4).
    start: '2027-03-14T04:00:00.000Z',
    end: '2027-03-14T08:00:00.000Z',
    lines: ['DTSTART:20270314T040000Z', 'DTEND:20270314T080000Z'],
    wall: { start: [13, 23, 0], end: [14, 4, 0] },
  },
  {
    zone: 'Europe/London',
    // Clocks go back at 02:00 on Sunday 31 October 2027: 00:30 BST (UTC+1) to 01:30 GMT (UTC+0).
    start: '2027-10-30T23:30:00.000Z',
    end: '2027-10-31T01:30:00.000Z',
    lines: ['DTSTART:20271030T233000Z', 'DTEND:20271031T013000Z'],
    wall: { start: [31, 0, 30], end: [31, 1, 30] },
  },
] as const;

describe('calendar feeds across a change of the clocks', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it.each(CASES)('writes and reads back the right instants in $zone', async (zoneCase) => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const event = await createEvent(ctx.db, {
      title: `Night run (${zoneCase.zone})`,
      scheduleStart: new Date(zoneCase.start),
      scheduleEnd: new Date(zoneCase.end),
    });
    await createRegistration(ctx.db, event.id, user.id);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/calendar-feed',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    const address = (made.json().url as string).replace(TEST_ORIGIN, '');

    // Node reads TZ again when it is set: the server writes, and the parser reads, in this zone.
    process.env.TZ = zoneCase.zone;
    const answer = await browser.get(address);
    for (const line of zoneCase.lines) expect(answer.body).toContain(`${line}\r\n`);
    expect(answer.body).not.toMatch(/TZID|VTIMEZONE/);
    const [parsed] = feedOf(answer);
    expect(parsed).toMatchObject({ start: zoneCase.start, end: zoneCase.end });

    const wall = (iso: string) => {
      const date = new Date(iso);
      return [date.getDate(), date.getHours(), date.getMinutes()];
    };
    expect(wall(parsed!.start)).toEqual(zoneCase.wall.start);
    expect(wall(parsed!.end!)).toEqual(zoneCase.wall.end);
  });
});
