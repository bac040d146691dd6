import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentProfiles, userSkills } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, useTestApp } from './build-test-app';
import { createEvent, createPosition, createSkill, createStudent, createUser } from './factories';

// What an attack on the student's own record found: each case here answered wrongly once.
describe('the student record under careless and hostile input', () => {
  const ctx = useTestApp();

  const student = async () => {
    const { user } = await createStudent(
      ctx.db,
      {},
      { batchYear: 2023, program: 'B.Tech', branch: 'Physics', cgpa: 8.1 },
    );
    return { user, cookie: await signInAs(ctx, user) };
  };
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const profileOf = (name: string, extra: object = {}) => ({
    personal: { name },
    contact: {},
    socialLinks: {},
    ...extra,
  });

  it('answers a malformed multipart upload with 400, never 500', async () => {
    const { cookie } = await student();
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=B', 'garbage'],
      [
        'multipart/form-data; boundary=B',
        '--B\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc',
      ],
    ];
    for (const [type, body] of bodies) {
      const response = await send('PUT', '/api/me/photo', cookie, body, { 'content-type': type });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.message).toBe('Choose an image to upload.');
    }
  });

  it('refuses booleans, arrays and hex strings where a number belongs, and takes a blank CGPA as cleared', async () => {
    const { user, cookie } = await student();
    for (const cgpa of [true, [7], '0x8', '1e1']) {
      const response = await send(
        'PUT',
        '/api/me/profile',
        cookie,
        profileOf('Asha', { academic: { cgpa } }),
      );
      expect(response.statusCode, JSON.stringify(cgpa)).toBe(400);
      expect(response.json().error.fields['academic.cgpa']).toBe('CGPA must be between 0 and 10');
    }
    const year = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { batchYear: '0x7e8' } }),
    );
    expect(year.statusCode).toBe(400);
    const [unchanged] = await ctx.db
      .select({ cgpa: studentProfiles.cgpa })
      .from(studentProfiles)
      .where(eq(studentProfiles.userId, user.id));
    expect(unchanged!.cgpa).toBe(8.1);
    const blank = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { cgpa: '  ', batchYear: ' 2024 ' } }),
    );
    expect(blank.statusCode).toBe(200);
    expect(blank.json().profile.academic).toMatchObject({ cgpa: null, batchYear: 2024 });

    const position = await createPosition(ctx.db);
    const metrics = await send('POST', '/api/me/positions', cookie, {
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'active',
      metrics: { eventsOrganized: [5] },
    });
    expect(metrics.statusCode).toBe(400);
    expect(metrics.json().error.fields['metrics.eventsOrganized']).toBe(
      'Events organized must be a whole number',
    );
    const event = await createEvent(ctx.db);
    const rating = await send('POST', '/api/feedback', cookie, {
      type: 'Query',
      targetType: 'Event',
      targetId: event.id,
      comments: 'Hi',
      rating: true,
    });
    expect(rating.statusCode).toBe(400);
    expect(rating.json().error.fields.rating).toBe('Rating must be between 1 and 5');
  });

  it('keeps the academic information when a save leaves the block out', async () => {
    const { cookie } = await student();
    const response = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { personal: { name: 'Asha', phone: '9876543210' } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.academic).toMatchObject({
      batchYear: 2023,
      program: 'B.Tech',
      branch: 'Physics',
      cgpa: 8.1,
    });
  });

  it('tells no cache to keep the answers about the user', async () => {
    const { cookie } = await student();
    for (const url of [
      '/api/me/profile',
      '/api/me/dashboard',
      '/api/me/skills',
      '/api/lookup/users?q=a',
    ]) {
      expect((await send('GET', url, cookie)).headers['cache-control'], url).toBe('no-store');
    }
  });

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

  it('keeps the academic information when a save sends it as null', async () => {
    const { cookie } = await student();
    const response = await send('PUT', '/api/me/profile', cookie, profileOf('Asha', { academic: null }));
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.academic).toMatchObject({
      batchYear: 2023,
      program: 'B.Tech',
      branch: 'Physics',
      cgpa: 8.1,
    });
  });

  it('refuses a CGPA with more than two decimals and takes what a number field may hold', async () => {
    const { cookie } = await student();
    const rounded = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { cgpa: 9.999 } }),
    );
    expect(rounded.statusCode).toBe(400);
    expect(rounded.json().error.fields['academic.cgpa']).toBe('CGPA can have at most two decimals');
    const short = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profileOf('Asha', { academic: { cgpa: '.5' } }),
    );
    expect(short.statusCode).toBe(200);
    expect(short.json().profile.academic.cgpa).toBe(0.5);
  });

  it('finds people by a name with letters JavaScript and PostgreSQL lower-case differently', async () => {
    const { cookie } = await student();
    await createUser(ctx.db, { name: 'Ärger İlker' });
    const response = await send('GET', `/api/lookup/users?q=${encodeURIComponent('İlker')}`, cookie);
    expect(response.json().items.map((item: { label: string }) => item.label)).toEqual(['Ärger İlker']);
  });

  it('answers a form with too many fields as a malformed upload, not as a large photo', async () => {
    const { cookie } = await student();
    const fields = Array.from(
      { length: 6 },
      (_, n) => `--B\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\nx\r\n`,
    ).join('');
    const body = `${fields}--B\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--B--\r\n`;
    const response = await send('PUT', '/api/me/photo', cookie, body, {
      'content-type': 'multipart/form-data; boundary=B',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Choose an image to upload.');
  });
});
