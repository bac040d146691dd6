import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calendarFeeds, users } from '../../db/schema/index';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { browserOf, freshIp, signedInAs } from '../../../test/auth-helpers';
import { feedOf, tokenOfFeedUrl } from '../../../test/calendar-client';
import { createEvent, createOrgUnit, createRegistration } from '../../../test/factories';

const FEED_PATH = '/api/me/calendar-feed';
const NO_FEED = { error: { code: 'NOT_FOUND', message: 'No calendar feed has this address.' } };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the private calendar feed', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const send = (method: 'POST' | 'DELETE', cookie?: string) =>
    ctx.app.inject({
      method,
      url: FEED_PATH,
      remoteAddress: freshIp(),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const feed = (address: string) => browser.get(address.replace(TEST_ORIGIN, ''));

  it('refuses a signed-out visitor (401) on each of /api/me/calendar-feed', async () => {
    for (const answer of [await browser.get(FEED_PATH), await send('POST'), await send('DELETE')]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('makes a secret address shown once, keeps only its hash, and replacing it ends the old one', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    expect((await browser.get(FEED_PATH, { cookie })).json()).toEqual({
      active: false,
      createdAt: null,
      url: null,
    });

    const made = await send('POST', cookie);
    expect(made.statusCode).toBe(200);
    const first = made.json();
    expect(first).toEqual({
      active: true,
      createdAt: expect.any(String),
      url: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/,
      ),
    });
    const token = tokenOfFeedUrl(first.url);
    const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Shown once: later answers say only that it exists.
    expect((await browser.get(FEED_PATH, { cookie })).json()).toEqual({
      active: true,
      createdAt: first.createdAt,
      url: null,
    });
    expect((await feed(first.url)).statusCode).toBe(200);

    const second = (await send('POST', cookie)).json();
    expect(second.url).not.toBe(first.url);
    const old = await feed(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(NO_FEED);
    expect((await feed(second.url)).statusCode).toBe(200);
    expect(
      await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)),
    ).toHaveLength(1);
  });

  it('stops the feed: its address answers 404 and no feed is left', async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const { url } = (await send('POST', cookie)).json();
    const stopped = await send('DELETE', cookie);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ active: false, createdAt: null, url: null });
    expect((await feed(url)).json()).toEqual(NO_FEED);
    expect(await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id))).toEqual(
      [],
    );
    // Stopping again is harmless.
    expect((await send('DELETE', cookie)).statusCode).toBe(200);
  });

  it('makes at most 20 new addresses an hour for one person (429), leaving the last one working', async () => {
    const { cookie } = await signedInAs(ctx, 'STUDENT');
    let last = '';
    for (let made = 0; made < 20; made += 1) {
      const answer = await send('POST', cookie);
      expect(answer.statusCode).toBe(200);
      last = answer.json().url;
    }
    const refused = await send('POST', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect((await feed(last)).statusCode).toBe(200);
  });

  it('refuses a change from another origin', async () => {
    const { cookie } = await signedInAs(ctx, 'STUDENT');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: FEED_PATH,
      headers: { origin: 'https://elsewhere.example', cookie },
    });
    expect(answer.statusCode).toBe(403);
  });

  it("holds the person's approved events with a seat or a waitlist place, and nothing else", async () => {
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const { user: other } = await signedInAs(ctx, 'STUDENT');
    const club = await createOrgUnit(ctx.db, { name: 'Quizzing Club' });
    const at = (iso: string) => new Date(iso);
    const seat = await createEvent(ctx.db, {
      title: 'Quiz night',
      description: 'Six rounds, teams of three.',
      venue: 'Lecture Hall 2',
      organizingUnitId: club.id,
      scheduleStart: at('2027-02-10T13:30:00Z'),
      scheduleEnd: at('2027-02-10T16:00:00Z'),
    });
    const waiting = await createEvent(ctx.db, {
      title: 'Chess open',
      venue: null,
      scheduleStart: at('2027-02-11T04:30:00Z'),
      scheduleEnd: null,
    });
    const calledOff = await createEvent(ctx.db, {
      title: 'Film club screening',
      status: 'cancelled',
      scheduleStart: at('2027-02-12T14:00:00Z'),
      scheduleEnd: at('2027-02-12T16:00:00Z'),
    });
    const left = await createEvent(ctx.db, { title: 'Left it' });
    const proposal = await createEvent(ctx.db, { title: 'Only proposed', approval: 'proposed' });
    const rejected = await createEvent(ctx.db, { title: 'Turned down', approval: 'rejected' });
    const undated = await createEvent(ctx.db, {
      title: 'Some day',
      scheduleStart: null,
      scheduleEnd: null,
    });
    const othersOnly = await createEvent(ctx.db, { title: "Someone else's" });
    await createRegistration(ctx.db, seat.id, user.id);
    await createRegistration(ctx.db, waiting.id, user.id, { status: 'waitlisted' });
    await createRegistration(ctx.db, calledOff.id, user.id);
    await createRegistration(ctx.db, left.id, user.id, { status: 'cancelled', cancelledAt: new Date() });
    await createRegistration(ctx.db, proposal.id, user.id);
    await createRegistration(ctx.db, rejected.id, user.id);
    await createRegistration(ctx.db, undated.id, user.id);
    await createRegistration(ctx.db, othersOnly.id, other.id);
    await createRegistration(ctx.db, seat.id, other.id);

    const { url } = (await send('POST', cookie)).json();
    const answer = await feed(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, max-age=300');
    expect(feedOf(answer)).toEqual([
      {
        uid: `${seat.id}@localhost:3000`,
        summary: 'Quiz night',
        description: `Six rounds, teams of three.\n\nOrganised by Quizzing Club.\n\nhttp://localhost:3000/events/${seat.id}`,
        location: 'Lecture Hall 2',
        url: `http://localhost:3000/events/${seat.id}`,
        status: 'CONFIRMED',
        start: '2027-02-10T13:30:00.000Z',
        end: '2027-02-10T16:00:00.000Z',
      },
      expect.objectContaining({
        uid: `${waiting.id}@localhost:3000`,
        summary: 'Chess open (waitlist)',
        location: null,
        status: 'TENTATIVE',
        // No end: an hour.
        start: '2027-02-11T04:30:00.000Z',
        end: '2027-02-11T05:30:00.000Z',
      }),
      expect.objectContaining({
        uid: `${calledOff.id}@localhost:3000`,
        summary: 'Film club screening (cancelled)',
        status: 'CANCELLED',
        start: '2027-02-12T14:00:00.000Z',
        end: '2027-02-12T16:00:00.000Z',
      }),
    ]);
    // The same address works without the .ics ending.
    expect(feedOf(await feed(url.replace(/\.ics$/, '')))).toHaveLength(3);
  });

  it('answers 404 alike for a malformed, unknown or deactivated address', async () => {
    for (const path of [
      '/api/calendar/feeds/nonsense',
      '/api/calendar/feeds/nonsense.ics',
      `/api/calendar/feeds/${'A'.repeat(43)}.ics`,
    ]) {
      const answer = await browser.get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json(), path).toEqual(NO_FEED);
    }
    const { user, cookie } = await signedInAs(ctx, 'STUDENT');
    const { url } = (await send('POST', cookie)).json();
    expect((await feed(url)).statusCode).toBe(200);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    const answer = await feed(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(NO_FEED);
  });
});
