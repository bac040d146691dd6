import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, feedback } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import {
  createAchievement,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from './factories';

const DATE_INVALID = 'Enter a valid date and time.';
const ABOUT_YOU = 'Feedback about you is resolved by another official.';

// What an attack on the council workflows found: each case here answered wrongly once.
describe('the council workflows under careless and hostile input', () => {
  const ctx = useTestApp();

  const as = async (
    role: 'STUDENT' | 'GENSEC_SCITECH' | 'GENSEC_SPORTS' | 'PRESIDENT' | 'CLUB_COORDINATOR',
    extra: object = {},
  ) => {
    const user =
      role === 'STUDENT'
        ? (await createStudent(ctx.db)).user
        : await createUser(ctx.db, { role, ...extra });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN },
      ...(payload === undefined ? {} : { payload }),
    });
  const eventForm = async (overrides: object = {}) => ({
    title: 'Robotics expo',
    category: 'technical',
    organizingUnitId: (await createOrgUnit(ctx.db)).id,
    ...overrides,
  });

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

  it('leaves feedback about a position the official holds to another official', async () => {
    const secretary = await as('GENSEC_SCITECH');
    const president = await as('PRESIDENT');
    const position = await createPosition(ctx.db, { title: 'General Secretary, Science & Technology' });
    await createPositionHolder(ctx.db, {
      userId: secretary.user.id,
      positionId: position.id,
      status: 'active',
    });
    const item = await createFeedback(ctx.db, { targetType: 'POR', targetPositionId: position.id });
    const card = (await send('GET', '/api/feedback', secretary.cookie))
      .json()
      .items.find((entry: { id: string }) => entry.id === item.id);
    expect(card).toMatchObject({ isResolved: false, canResolve: false });
    const refused = await send('POST', `/api/feedback/${item.id}/resolution`, secretary.cookie, {
      actionsTaken: 'Looked into it myself.',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ABOUT_YOU);
    expect(
      (
        await send('POST', `/api/feedback/${item.id}/resolution`, president.cookie, {
          actionsTaken: 'Discussed with the secretary.',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps a claim endorsed before its catalogue skill was declined endorsed', async () => {
    const secretary = await as('GENSEC_SCITECH');
    const president = await as('PRESIDENT');
    const skill = await createSkill(ctx.db, { type: 'technical', isEndorsed: false });
    const claim = await createUserSkill(ctx.db, { skillId: skill.id });
    expect(
      (await send('POST', `/api/endorsements/user-skills/${claim.id}/endorse`, secretary.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('POST', `/api/endorsements/skills/${skill.id}/decline`, president.cookie, {
          reason: 'A duplicate of Python.',
        })
      ).statusCode,
    ).toBe(200);
    const decline = await send(
      'POST',
      `/api/endorsements/user-skills/${claim.id}/decline`,
      president.cookie,
      { reason: 'Declined with its skill.' },
    );
    expect(decline.statusCode).toBe(409);
    expect(decline.json().error.message).toBe('This item was already endorsed by another official.');
    const again = await send(
      'POST',
      `/api/endorsements/user-skills/${claim.id}/endorse`,
      secretary.cookie,
    );
    expect(again.json()).toMatchObject({ status: 'endorsed', alreadyDone: true });
  });

  it("lets the general secretaries review the president's own 'other' achievements, which nobody else could", async () => {
    const president = await as('PRESIDENT');
    const secretary = await as('GENSEC_SPORTS');
    const own = await createAchievement(ctx.db, {
      type: 'other',
      userId: president.user.id,
      title: 'Blood donation drive lead',
    });
    const student = await as('STUDENT');
    const studentsOther = await createAchievement(ctx.db, { type: 'other', userId: student.user.id });
    const listed = (await send('GET', '/api/endorsements/achievements', secretary.cookie)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    expect(
      (await send('GET', '/api/council/summary', secretary.cookie)).json().pending.achievements,
    ).toBe(1);
    expect(
      (await send('POST', `/api/endorsements/achievements/${studentsOther.id}/verify`, secretary.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/endorsements/achievements/${own.id}/verify`, president.cookie))
        .statusCode,
    ).toBe(403);
    const verified = await send(
      'POST',
      `/api/endorsements/achievements/${own.id}/verify`,
      secretary.cookie,
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'endorsed', alreadyDone: false });
  });

  it("does not bring feedback about a student to a club coordinator through the student's own unverified claim of a club position", async () => {
    const club = await createOrgUnit(ctx.db, { type: 'club', name: 'Astronomy Club' });
    const coordinator = await as('CLUB_COORDINATOR', { clubUnitId: club.id });
    const position = await createPosition(ctx.db, { unitId: club.id, title: 'Core Member' });
    const claimant = (await createStudent(ctx.db)).user;
    await createPositionHolder(ctx.db, {
      userId: claimant.id,
      positionId: position.id,
      status: 'active',
      verification: 'self_declared',
    });
    const complaint = await createFeedback(ctx.db, {
      targetType: 'User',
      targetUserId: claimant.id,
      comments: 'A named complaint about a student.',
    });
    const desk = await send('GET', '/api/feedback', coordinator.cookie);
    expect(desk.json().items.map((item: { id: string }) => item.id)).not.toContain(complaint.id);
    expect(
      (
        await send('POST', `/api/feedback/${complaint.id}/resolution`, coordinator.cookie, {
          actionsTaken: 'Closed.',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a new skill named like one an official declined, whoever types it', async () => {
    const first = await as('STUDENT');
    const president = await as('PRESIDENT');
    const made = await send('POST', '/api/me/skills', first.cookie, {
      newSkill: { name: 'Quantum Juggling', category: 'Fun', type: 'technical' },
    });
    expect(made.statusCode).toBe(201);
    await send(
      'POST',
      `/api/endorsements/skills/${made.json().userSkill.skill.id}/decline`,
      president.cookie,
      { reason: 'Not a skill the council records.' },
    );
    const second = await as('STUDENT');
    const again = await send('POST', '/api/me/skills', second.cookie, {
      newSkill: { name: 'quantum juggling', category: 'Other', type: 'cultural' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields['newSkill.name']).toBe(
      'An official declined this skill from the catalogue; choose another.',
    );
  });

  it('refuses invisible and reordering characters in an achievement officials will read', async () => {
    const { cookie } = await as('STUDENT');
    const base = {
      title: 'Chess open, 2nd place',
      category: 'Competition',
      type: 'sports',
      dateAchieved: '2026-01-10',
    };
    const cases: Array<[object, string]> = [
      [{ title: '\u200d\u200d' }, 'title'],
      [{ title: 'Gold medal \u202egnitsoh\u202c' }, 'title'],
      [{ title: 'Gold\nmedal' }, 'title'],
      [{ category: 'Sport\u0007s' }, 'category'],
      [{ level: '\u3164' }, 'level'],
      [{ position: 'First\u200b' }, 'position'],
      [{ description: 'Won\ufeff it' }, 'description'],
    ];
    for (const [overrides, field] of cases) {
      const response = await send('POST', '/api/me/achievements', cookie, { ...base, ...overrides });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields), field).toEqual([field]);
    }
  });

  it("shows a secretary the president's 'other' achievements with their own type filter too, and names the real reason for their own", async () => {
    const president = await as('PRESIDENT');
    const secretary = await as('GENSEC_SCITECH');
    const presidents = await createAchievement(ctx.db, { type: 'other', userId: president.user.id });
    const technical = await createAchievement(ctx.db, { type: 'technical' });
    const filtered = (
      await send('GET', '/api/endorsements/achievements?type=technical&pageSize=100', secretary.cookie)
    ).json();
    const unfiltered = (
      await send('GET', '/api/endorsements/achievements?pageSize=100', secretary.cookie)
    ).json();
    expect(filtered.items.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([presidents.id, technical.id]),
    );
    expect(filtered.items).toEqual(unfiltered.items);
    expect(filtered.total).toBe(unfiltered.total);
    expect(filtered.overall).toBe(unfiltered.total);
    const own = await createAchievement(ctx.db, { type: 'other', userId: secretary.user.id });
    const refused = await send(
      'POST',
      `/api/endorsements/achievements/${own.id}/verify`,
      secretary.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your own record is reviewed by another official.');
  });
});
