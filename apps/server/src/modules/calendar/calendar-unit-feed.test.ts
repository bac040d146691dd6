import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { browserOf, freshIp } from '../../../test/auth-helpers';
import { feedOf } from '../../../test/calendar-client';
import { createEvent, createOrgUnit } from '../../../test/factories';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

describe("a unit's public calendar feed", () => {
  // A twentieth of the limits, so that a test reaches them.
  const ctx = useTestApp({ RATE_LIMIT_SCALE: '0.05' });
  const browser = browserOf(ctx);
  const summaries = async (unitId: string) =>
    feedOf(await browser.get(`/api/calendar/units/${unitId}.ics`)).map((event) => event.summary);

  it('holds the approved events of the unit and every unit below it, from a month back, to anyone signed out', async () => {
    const council = await createOrgUnit(ctx.db, {
      name: 'Arts Council',
      type: 'committee',
      category: 'arts',
    });
    const music = await createOrgUnit(ctx.db, { name: 'Music Club', parentId: council.id });
    const band = await createOrgUnit(ctx.db, { name: 'Campus Band', parentId: music.id });
    const elsewhere = await createOrgUnit(ctx.db, { name: 'Chess Club' });
    const inDays = (days: number) => {
      const start = new Date(Date.now() + days * DAY_MS);
      return { scheduleStart: start, scheduleEnd: new Date(start.getTime() + 2 * HOUR_MS) };
    };
    await createEvent(ctx.db, {
      title: 'Council open house',
      organizingUnitId: council.id,
      ...inDays(3),
    });
    await createEvent(ctx.db, { title: 'Music jam', organizingUnitId: music.id, ...inDays(5) });
    await createEvent(ctx.db, { title: 'Band practice', organizingUnitId: band.id, ...inDays(6) });
    await createEvent(ctx.db, { title: 'Last fortnight', organizingUnitId: music.id, ...inDays(-14) });
    await createEvent(ctx.db, { title: 'Long ago', organizingUnitId: music.id, ...inDays(-40) });
    await createEvent(ctx.db, {
      title: 'Called off',
      status: 'cancelled',
      organizingUnitId: music.id,
      ...inDays(8),
    });
    await createEvent(ctx.db, {
      title: 'Proposed gig',
      approval: 'proposed',
      organizingUnitId: music.id,
      ...inDays(4),
    });
    await createEvent(ctx.db, {
      title: 'Changes asked',
      approval: 'changes_requested',
      organizingUnitId: music.id,
      ...inDays(4),
    });
    await createEvent(ctx.db, {
      title: 'Rejected gig',
      approval: 'rejected',
      organizingUnitId: music.id,
      ...inDays(4),
    });
    await createEvent(ctx.db, {
      title: 'No date',
      organizingUnitId: music.id,
      scheduleStart: null,
      scheduleEnd: null,
    });
    await createEvent(ctx.db, { title: 'Chess blitz', organizingUnitId: elsewhere.id, ...inDays(2) });

    expect(await summaries(council.id)).toEqual([
      'Last fortnight',
      'Council open house',
      'Music jam',
      'Band practice',
      'Called off (cancelled)',
    ]);
    expect(await summaries(music.id)).toEqual([
      'Last fortnight',
      'Music jam',
      'Band practice',
      'Called off (cancelled)',
    ]);
    expect(await summaries(band.id)).toEqual(['Band practice']);
    expect(await summaries(elsewhere.id)).toEqual(['Chess blitz']);

    const answer = await browser.get(`/api/calendar/units/${music.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.body).toContain('X-WR-CALNAME:Music Club (IIT Bhilai)');
    const cancelled = feedOf(answer).find((event) => event.summary === 'Called off (cancelled)');
    expect(cancelled?.status).toBe('CANCELLED');
    // The id in capitals names the same unit.
    expect(feedOf(await browser.get(`/api/calendar/units/${band.id.toUpperCase()}.ics`))).toHaveLength(
      1,
    );
  });

  it('answers 400 for what is no id and 404 for an id of no unit', async () => {
    const bad = await browser.get('/api/calendar/units/music-club.ics');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'Not a valid id.' });
    const unknown = await browser.get('/api/calendar/units/0b6f2a5e-6c1d-4f7e-9a2b-3c4d5e6f7a8b.ics');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No unit has this id.' } });
  });

  it('counts the addresses that name no feed: past the limit 429, while real feeds still answer', async () => {
    const unit = await createOrgUnit(ctx.db);
    const ip = freshIp();
    const unknownUnit = '/api/calendar/units/0b6f2a5e-6c1d-4f7e-9a2b-3c4d5e6f7a8c.ics';
    const unknownFeed = `/api/calendar/feeds/${'B'.repeat(43)}.ics`;
    // Feeds found are not counted: many fetches from one address (a campus behind one) all answer.
    for (let fetch = 0; fetch < 5; fetch += 1)
      expect((await browser.get(`/api/calendar/units/${unit.id}.ics`, { ip })).statusCode).toBe(200);
    // A twentieth of 60 misses in 10 minutes: 3, private and public feeds together.
    const codes = [];
    for (const path of [unknownUnit, unknownFeed, unknownUnit, unknownFeed, unknownUnit])
      codes.push((await browser.get(path, { ip })).statusCode);
    expect(codes).toEqual([404, 404, 404, 429, 429]);
    const refused = await browser.get(unknownFeed, { ip });
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await browser.get(`/api/calendar/units/${unit.id}.ics`, { ip })).statusCode).toBe(200);
    expect((await browser.get(unknownFeed)).statusCode).toBe(404);
  });
});
