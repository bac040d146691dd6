import { describe, expect, it } from 'vitest';
import { userSkills } from '../src/db/schema/index';
import { useTestApp } from './build-test-app';
import { createPosition, createSkill, createStudent, createUser } from './factories';
import { studentRecordClientOf } from './hostile-input-clients';

// What an attack on the student's own record found: each case here answered wrongly once.
describe('the student record under careless and hostile input', () => {
  const ctx = useTestApp();

  const { student, send } = studentRecordClientOf(ctx);

  it('takes as appointing official only a proven official account other than the student', async () => {
    const { user, cookie } = await student();
    const unproven = await createUser(ctx.db, { emailVerifiedAt: null });
    const classmate = await createUser(ctx.db);
    const position = await createPosition(ctx.db);
    const declare = (appointedById: string) =>
      send('POST', '/api/me/positions', cookie, {
        positionId: position.id,
        tenureYear: '2024-2025',
        status: 'active',
        appointment: { appointedById, date: '2024-07-01' },
      });
    for (const [appointedById, message] of [
      [user.id, 'The person appointed cannot be the one who appointed them.'],
      [unproven.id, 'Please choose the appointing official from the list.'],
      [classmate.id, 'Please choose a general secretary, the president or a club coordinator.'],
    ] as const) {
      const response = await declare(appointedById);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields['appointment.appointedById']).toBe(message);
    }
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR' });
    expect((await declare(coordinator.id)).statusCode).toBe(201);
  });

  it('refuses feedback about oneself', async () => {
    const { user, cookie } = await student();
    const response = await send('POST', '/api/feedback', cookie, {
      type: 'Appreciation',
      targetType: 'User',
      targetId: user.id,
      comments: 'I am great',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.targetId).toBe('Please choose a target from the list.');
  });

  it('refuses invisible characters in a new skill, limits new skills to 10 an hour and a record to 200 skills', async () => {
    const { user, cookie } = await student();
    const hidden = await send('POST', '/api/me/skills', cookie, {
      newSkill: { name: 'Py\u200bthon', category: 'Programming', type: 'technical' },
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error.fields['newSkill.name']).toBe(
      'Use visible characters only, on one line.',
    );

    for (let n = 1; n <= 10; n += 1) {
      const added = await send('POST', '/api/me/skills', cookie, {
        newSkill: { name: `Juggling style ${n}`, category: 'Circus', type: 'cultural' },
      });
      expect(added.statusCode, `skill ${n}`).toBe(201);
    }
    const flood = await send('POST', '/api/me/skills', cookie, {
      newSkill: { name: 'Juggling style 11', category: 'Circus', type: 'cultural' },
    });
    expect(flood.statusCode).toBe(429);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);

    const existing = await Promise.all(
      Array.from({ length: 190 }, (_, n) =>
        createSkill(ctx.db, { name: `Quota skill ${n}`, isEndorsed: true }),
      ),
    );
    await ctx.db
      .insert(userSkills)
      .values(existing.map((skill) => ({ userId: user.id, skillId: skill.id })));
    const last = await createSkill(ctx.db, { name: 'Quota skill last', isEndorsed: true });
    const refused = await send('POST', '/api/me/skills', cookie, { skillId: last.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('You can list at most 200 skills.');
  });

  it('refuses feedback about oneself also when the id is written in capitals', async () => {
    const { user, cookie } = await student();
    const response = await send('POST', '/api/feedback', cookie, {
      type: 'Appreciation',
      targetType: 'User',
      targetId: user.id.toUpperCase(),
      comments: 'Me again',
    });
    expect(response.statusCode).toBe(400);
  });

  it("never hands out another student's unreviewed skill: not by id, and by name without its description", async () => {
    const { cookie } = await student();
    const { user: author } = await createStudent(ctx.db);
    const secret = await createSkill(ctx.db, {
      name: 'Origami Engineering',
      category: 'Crafts',
      type: 'technical',
      description: 'private note',
      createdBy: author.id,
    });
    const byId = await send('POST', '/api/me/skills', cookie, { skillId: secret.id });
    expect(byId.statusCode).toBe(400);
    expect(byId.json().error.fields.skillId).toBe('Please select a valid skill.');
    const byName = await send('POST', '/api/me/skills', cookie, {
      newSkill: { name: 'origami engineering', category: 'Paper', type: 'technical' },
    });
    expect(byName.statusCode).toBe(201);
    expect(byName.json().userSkill.skill).toMatchObject({
      name: 'Origami Engineering',
      description: null,
    });
  });

  it('refuses invisible and blank-looking characters in a new skill and its description', async () => {
    const { cookie } = await student();
    for (const name of ['Py\u00adthon', 'Py\u2060thon', '\u3164', 'x\u061cy', 'Py\ufe0fthon']) {
      const response = await send('POST', '/api/me/skills', cookie, {
        newSkill: { name, category: 'Programming', type: 'technical' },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
    }
    const description = await send('POST', '/api/me/skills', cookie, {
      newSkill: {
        name: 'Calligraphy',
        category: 'Art',
        type: 'cultural',
        description: 'evil \u202e txt.exe',
      },
    });
    expect(description.statusCode).toBe(400);
    expect(description.json().error.fields['newSkill.description']).toBe('Use visible characters only.');
    const lines = await send('POST', '/api/me/skills', cookie, {
      newSkill: {
        name: 'Calligraphy',
        category: 'Art',
        type: 'cultural',
        description: 'Brush work.\nInk work.',
      },
    });
    expect(lines.statusCode).toBe(201);
  });

  it('finds people by a name with letters JavaScript and PostgreSQL lower-case differently', async () => {
    const { cookie } = await student();
    await createUser(ctx.db, { name: 'Ärger İlker' });
    const response = await send('GET', `/api/lookup/users?q=${encodeURIComponent('İlker')}`, cookie);
    expect(response.json().items.map((item: { label: string }) => item.label)).toEqual(['Ärger İlker']);
  });
});
