import { describe, expect, it } from 'vitest';
import { useTestApp } from './build-test-app';
import {
  createAchievement,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUserSkill,
} from './factories';
import { councilInputClientOf } from './hostile-input-clients';

const ABOUT_YOU = 'Feedback about you is resolved by another official.';

// What an attack on the council workflows found: each case here answered wrongly once.
describe('the council workflows under careless and hostile input', () => {
  const ctx = useTestApp();

  const { as, send } = councilInputClientOf(ctx);

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
