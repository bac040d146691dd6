import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, feedback } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createAchievement, createFeedback, createOrgUnit, createPosition, createPositionHolder, createSkill, createStudent, createUser, createUserSkill } from './factories';

const DATE_INVALID = 'Enter a valid date and time.';
const ABOUT_YOU = 'Feedback about you is resolved by another official.';

// What an attack on the council workflows found: each case here answered wrongly once.
describe('the council workflows under careless and hostile input', () => {
  const ctx = useTestApp();

  const as = async (role: 'STUDENT' | 'GENSEC_SCITECH' | 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR', extra: object = {}) => {
    const user = role === 'STUDENT' ? (await createStudent(ctx.db)).user : await createUser(ctx.db, { role, ...extra });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload }) });
  const eventForm = async (overrides: object = {}) => ({ title: 'Robotics expo', category: 'technical', organizingUnitId: (await createOrgUnit(ctx.db)).id, ...overrides });

  it('answers dates the database cannot hold with the field message, never 500, and records nothing', async () => {
    const { user, cookie } = await as('GENSEC_SCITECH');
    for (const start of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-23:59', '1899-12-31T23:59:59Z']) {
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
      [{ sponsors: ['Acme', '\u200d\u200c'] }, 'sponsors.1', 'Use visible characters only, on one line.'],
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
    const comment = await send('POST', '/api/feedback', student.cookie, { type: 'Suggestion', targetType: 'User', targetId: (await createUser(ctx.db)).id, comments: '\u200d' });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().error.fields.comments).toBe('Use visible characters only.');
    const achievement = await createAchievement(ctx.db, { type: 'technical' });
    const decline = await send('POST', `/api/endorsements/achievements/${achievement.id}/decline`, cookie, { reason: '\u200d' });
    expect(decline.statusCode).toBe(400);
    const item = await createFeedback(ctx.db);
    const resolution = await send('POST', `/api/feedback/${item.id}/resolution`, cookie, { actionsTaken: '\u200d\u200c\u200d' });
    expect(resolution.statusCode).toBe(400);
    expect((await ctx.db.select().from(feedback).where(eq(feedback.id, item.id)))[0]).toMatchObject({ isResolved: false });
  });

  it('keeps Hindi names with joiners, and counts look-alike sponsors once', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    const response = await send('POST', '/api/events', cookie, await eventForm({ title: 'क्षितिज 2026', sponsors: ['Ácme', 'A\u0301cme', 'ＡＣＭＥ', 'Globex'] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().event).toMatchObject({ title: 'क्षितिज 2026', budget: { sponsors: ['Ácme', 'ＡＣＭＥ', 'Globex'] } });
  });

  it('ignores registration details when registration is not required, and wants registration to open before the event ends', async () => {
    const { cookie } = await as('GENSEC_SCITECH');
    const hidden = await send('POST', '/api/events', cookie, await eventForm({ registrationRequired: false, registrationFees: -5, maxParticipants: 0 }));
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().event.registration).toEqual({ required: false, start: null, end: null, fees: null, maxParticipants: null });
    const late = await send(
      'POST',
      '/api/events',
      cookie,
      await eventForm({ start: '2027-02-10T10:00:00Z', registrationRequired: true, registrationStart: '2028-02-09T10:00:00Z' }),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields.registrationStart).toBe('Registration must open before the event ends.');
  });

  it('leaves feedback about a position the official holds to another official', async () => {
    const secretary = await as('GENSEC_SCITECH');
    const president = await as('PRESIDENT');
    const position = await createPosition(ctx.db, { title: 'General Secretary, Science & Technology' });
    await createPositionHolder(ctx.db, { userId: secretary.user.id, positionId: position.id, status: 'active' });
    const item = await createFeedback(ctx.db, { targetType: 'POR', targetPositionId: position.id });
    const card = (await send('GET', '/api/feedback', secretary.cookie)).json().items.find((entry: { id: string }) => entry.id === item.id);
    expect(card).toMatchObject({ isResolved: false, canResolve: false });
    const refused = await send('POST', `/api/feedback/${item.id}/resolution`, secretary.cookie, { actionsTaken: 'Looked into it myself.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ABOUT_YOU);
    expect((await send('POST', `/api/feedback/${item.id}/resolution`, president.cookie, { actionsTaken: 'Discussed with the secretary.' })).statusCode).toBe(200);
  });

  it('keeps a claim endorsed before its catalogue skill was declined endorsed', async () => {
    const secretary = await as('GENSEC_SCITECH');
    const president = await as('PRESIDENT');
    const skill = await createSkill(ctx.db, { type: 'technical', isEndorsed: false });
    const claim = await createUserSkill(ctx.db, { skillId: skill.id });
    expect((await send('POST', `/api/endorsements/user-skills/${claim.id}/endorse`, secretary.cookie)).statusCode).toBe(200);
    expect((await send('POST', `/api/endorsements/skills/${skill.id}/decline`, president.cookie, { reason: 'A duplicate of Python.' })).statusCode).toBe(200);
    const decline = await send('POST', `/api/endorsements/user-skills/${claim.id}/decline`, president.cookie, { reason: 'Declined with its skill.' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error.message).toBe('This item was already endorsed by another official.');
    const again = await send('POST', `/api/endorsements/user-skills/${claim.id}/endorse`, secretary.cookie);
    expect(again.json()).toMatchObject({ status: 'endorsed', alreadyDone: true });
  });

  it("lets the general secretaries review the president's own 'other' achievements, which nobody else could", async () => {
    const president = await as('PRESIDENT');
    const secretary = await as('GENSEC_SPORTS');
    const own = await createAchievement(ctx.db, { type: 'other', userId: president.user.id, title: 'Blood donation drive lead' });
    const student = await as('STUDENT');
    const studentsOther = await createAchievement(ctx.db, { type: 'other', userId: student.user.id });
    const listed = (await send('GET', '/api/endorsements/achievements', secretary.cookie)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    expect((await send('GET', '/api/council/summary', secretary.cookie)).json().pending.achievements).toBe(1);
    expect((await send('POST', `/api/endorsements/achievements/${studentsOther.id}/verify`, secretary.cookie)).statusCode).toBe(403);
    expect((await send('POST', `/api/endorsements/achievements/${own.id}/verify`, president.cookie)).statusCode).toBe(403);
    const verified = await send('POST', `/api/endorsements/achievements/${own.id}/verify`, secretary.cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'endorsed', alreadyDone: false });
  });
});
