import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, feedback } from '../src/db/schema/index';
import { useTestApp } from './build-test-app';
import { createAchievement, createFeedback, createUser } from './factories';
import { councilInputClientOf } from './hostile-input-clients';

const DATE_INVALID = 'Enter a valid date and time.';

// What an attack on the council workflows found: each case here answered wrongly once.
describe('the council workflows under careless and hostile input', () => {
  const ctx = useTestApp();

  const { as, send, eventForm } = councilInputClientOf(ctx);

  it('answers dates the database cannot hold with the field message, never 500, and records nothing', async () => {
    const { user, cookie } = await as('GENSEC_SCITECH');
    for (const start of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '9999-12-31T23:59:59-23:59',
      '1899-12-31T23:59:59Z',
    ]) {
      const response = await send('POST', '/api/events', cookie, await eventForm({ start }));
      expect(response.statusCode, start).toBe(400);
      expect(response.json().error.fields.start, start).toBe(DATE_INVALID);
    }
    expect(await ctx.db.select().from(events).where(eq(events.createdBy, user.id))).toEqual([]);
  });

  it('refuses text made only of invisible joiners, and control characters in the description, venue and type', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    const cases: Array<[object, string, string]> = [
      [{ title: '\u200d' }, 'title', 'Use visible characters only, on one line.'],
      [
        { sponsors: ['Acme', '\u200d\u200c'] },
        'sponsors.1',
        'Use visible characters only, on one line.',
      ],
      [{ description: 'x\u202e\u200bbell\u0007' }, 'description', 'Use visible characters only.'],
      [{ venue: 'Hall\u200b\u202e' }, 'venue', 'Use visible characters only, on one line.'],
      [{ type: 'a\u0007\u001b' }, 'type', 'Use visible characters only, on one line.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send('POST', '/api/events', cookie, await eventForm(overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    const student = await as('STUDENT');
    const comment = await send('POST', '/api/feedback', student.cookie, {
      type: 'Suggestion',
      targetType: 'User',
      targetId: (await createUser(ctx.db)).id,
      comments: '\u200d',
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().error.fields.comments).toBe('Use visible characters only.');
    const achievement = await createAchievement(ctx.db, { type: 'technical' });
    const decline = await send(
      'POST',
      `/api/endorsements/achievements/${achievement.id}/decline`,
      cookie,
      { reason: '\u200d' },
    );
    expect(decline.statusCode).toBe(400);
    const item = await createFeedback(ctx.db);
    const resolution = await send('POST', `/api/feedback/${item.id}/resolution`, cookie, {
      actionsTaken: '\u200d\u200c\u200d',
    });
    expect(resolution.statusCode).toBe(400);
    expect((await ctx.db.select().from(feedback).where(eq(feedback.id, item.id)))[0]).toMatchObject({
      isResolved: false,
    });
  });

  it('keeps Hindi names with joiners and emoji as phones type them, and counts look-alike sponsors once, as first written', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    for (const title of ['क्षितिज 2026', '⚽\ufe0f Football Finals', 'Pride week 🏳\ufe0f\u200d🌈']) {
      const response = await send('POST', '/api/events', cookie, await eventForm({ title }));
      expect(response.statusCode, title).toBe(201);
      expect(response.json().event.title).toBe(title);
    }
    const sponsors = [
      'Ácme',
      'A\u0301cme',
      'Ác\u200dme',
      'ÁCME',
      'ＡＣＭＥ',
      'acme',
      'Globex  Corp',
      'Globex Corp',
    ];
    const response = await send('POST', '/api/events', cookie, await eventForm({ sponsors }));
    expect(response.json().event.budget.sponsors).toEqual(['Ácme', 'ＡＣＭＥ', 'Globex  Corp']);
  });

  it('refuses text made only of marks or unassigned and tag characters, which shows nothing', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    for (const title of ['\u17b4\u17b5', '\u2065', '\u{E0080}', '\u0301', 'Py\ufe0fthon']) {
      const response = await send('POST', '/api/events', cookie, await eventForm({ title }));
      expect(response.statusCode, JSON.stringify(title)).toBe(400);
    }
    const achievement = await createAchievement(ctx.db, { type: 'technical' });
    expect(
      (
        await send('POST', `/api/endorsements/achievements/${achievement.id}/decline`, cookie, {
          reason: '\u17b4',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('ignores registration details when registration is not required, and wants registration to open before the event ends', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    const hidden = await send(
      'POST',
      '/api/events',
      cookie,
      await eventForm({ registrationRequired: false, registrationFees: -5, maxParticipants: 0 }),
    );
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().event.registration).toEqual({
      required: false,
      start: null,
      end: null,
      fees: null,
      maxParticipants: null,
    });
    const late = await send(
      'POST',
      '/api/events',
      cookie,
      await eventForm({
        start: '2027-02-10T10:00:00Z',
        registrationRequired: true,
        registrationStart: '2028-02-09T10:00:00Z',
      }),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.registrationStart).toBe(
      'Registration must open before the event ends.',
    );
  });
});
