import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createStudent,
  createUser,
} from '../../../test/factories';

type Item = { id: string; label: string; detail: string | null };

describe('GET /api/lookup/*', () => {
  const ctx = useTestApp();

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const itemsOf = async (kind: string, q: string, cookie: string): Promise<Item[]> => {
    const response = await get(`/api/lookup/${kind}?q=${encodeURIComponent(q)}`, cookie);
    expect(response.statusCode, `${kind} ${q}`).toBe(200);
    return response.json().items;
  };
  const labels = (items: Item[]) => items.map((item) => item.label).sort();

  const kinds = ['users', 'events', 'units', 'positions'] as const;

  it.each(kinds)('%s asks a signed-out visitor to sign in', async (kind) => {
    const response = await get(`/api/lookup/${kind}?q=a`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(kinds)('%s sends a student who has not finished onboarding to registration', async (kind) => {
    const user = await createUser(ctx.db, { onboardingComplete: false });
    const response = await get(`/api/lookup/${kind}?q=a`, await signInAs(ctx, user));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
  });

  it.each(kinds)('%s refuses a search longer than 100 characters and accepts 100', async (kind) => {
    const { cookie } = await signedInStudent();
    const tooLong = await get(`/api/lookup/${kind}?q=${'q'.repeat(101)}`, cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_FAILED');
    expect((await get(`/api/lookup/${kind}?q=${'q'.repeat(100)}`, cookie)).statusCode).toBe(200);
  });

  it.each(kinds)('%s answers a blank search with the first choices', async (kind) => {
    const { cookie } = await signedInStudent();
    await createUser(ctx.db);
    await createPosition(ctx.db);
    await createEvent(ctx.db);
    for (const url of [`/api/lookup/${kind}`, `/api/lookup/${kind}?q=%20`]) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().items.length, url).toBeGreaterThan(0);
    }
  });

  describe('users', () => {
    it('finds people for an official by name, by username and by the start of the student id', async () => {
      const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'GENSEC_SCITECH' }));
      const person = await createUser(ctx.db, {
        name: 'Tanvi Oberoi',
        username: 'tobe.wizard',
        studentId: '23119457',
        email: 'tanvi.oberoi@iitbhilai.ac.in',
      });

      const expected = [{ id: person.id, label: 'Tanvi Oberoi', detail: 'tobe.wizard · 23119457' }];
      expect(await itemsOf('users', 'oberoi', cookie)).toEqual(expected);
      expect(await itemsOf('users', 'TANVI OB', cookie)).toEqual(expected);
      expect(await itemsOf('users', 'be.wiz', cookie)).toEqual(expected);
      expect(await itemsOf('users', '231194', cookie)).toEqual(expected);
      // A student id matches from its start only.
      expect(await itemsOf('users', '9457', cookie)).toEqual([]);
    });

    it('never lists the person searching or an unproven account', async () => {
      const { user, cookie } = await signedInStudent();
      const unproven = await createUser(ctx.db, {
        name: 'Yash Unproven',
        username: 'yash.unproven',
        emailVerifiedAt: null,
      });
      expect(await itemsOf('users', user.name, cookie)).not.toContainEqual(
        expect.objectContaining({ id: user.id }),
      );
      expect(await itemsOf('users', user.username, cookie)).toEqual([]);
      expect(await itemsOf('users', user.studentId!, cookie)).toEqual([]);
      expect(await itemsOf('users', 'Yash Unproven', cookie)).toEqual([]);
      expect(await itemsOf('users', 'yash.unproven', cookie)).toEqual([]);
      expect(unproven.emailVerifiedAt).toBeNull();
    });

    it('lists people before anything is typed, never the person searching or an unproven account', async () => {
      const { user, cookie } = await signedInStudent();
      const unproven = await createUser(ctx.db, { name: 'Aaaa Unproven', emailVerifiedAt: null });
      for (const url of ['/api/lookup/users', '/api/lookup/users?q=', '/api/lookup/users?q=%20%20']) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(200);
        const ids = (response.json().items as Item[]).map((item) => item.id);
        expect(ids.length, url).toBeGreaterThan(0);
        expect(ids.length, url).toBeLessThanOrEqual(20);
        expect(ids).not.toContain(user.id);
        expect(ids).not.toContain(unproven.id);
      }
    });

    it('gives at most 20 people, each as id, label and detail only, with no e-mail, phone or password', async () => {
      const { cookie } = await signedInStudent();
      for (let index = 0; index < 25; index += 1) {
        const { user } = await createStudent(
          ctx.db,
          { name: `Manycopies Person ${index}` },
          { phone: `91234${String(index).padStart(5, '0')}` },
        );
        expect(user.email).toContain('@');
      }
      const response = await get('/api/lookup/users?q=manycopies', cookie);
      const items: Item[] = response.json().items;
      expect(items).toHaveLength(20);
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(['detail', 'id', 'label']);
        expect(item.label).toMatch(/^Manycopies Person \d+$/);
      }
      expect(response.body).not.toContain('@');
      expect(response.body).not.toMatch(/91234\d{5}/);
      expect(response.body).not.toMatch(/password|passwordHash|\$argon2/i);
      expect(response.body).not.toMatch(/email|phone/i);
    });

    it('lists the closest names first, and equally close people in a fixed order', async () => {
      const { cookie } = await signedInStudent();
      await createUser(ctx.db, { name: 'Devika Ranganathan Iyer', username: 'devika.ranganathan.iyer' });
      await createUser(ctx.db, { name: 'Devika Rangana', username: 'drangana' });
      await createUser(ctx.db, { name: 'Devika Rangan', username: 'devika.rangan' });
      await createUser(ctx.db, { name: 'Ravi Shrangan', username: 'ravi.shrangan' });
      expect((await itemsOf('users', 'Devika Rangan', cookie)).map((item) => item.label)).toEqual([
        'Devika Rangan',
        'Devika Rangana',
        'Devika Ranganathan Iyer',
      ]);

      const twins = [
        await createUser(ctx.db, { name: 'Twin Samename', username: 'twin.samename.1' }),
        await createUser(ctx.db, { name: 'Twin Samename', username: 'twin.samename.2' }),
      ];
      const ids = twins.map((twin) => twin.id).sort();
      for (let attempt = 0; attempt < 3; attempt += 1)
        expect((await itemsOf('users', 'twin samename', cookie)).map((item) => item.id)).toEqual(ids);
    });

    it('takes % and _ literally', async () => {
      const { cookie } = await signedInStudent();
      const percent = await createUser(ctx.db, { name: 'Hundred% Sharma' });
      await createUser(ctx.db, { name: 'Hundredx Sharma' });
      const underscore = await createUser(ctx.db, { name: 'Under_score Verma' });
      await createUser(ctx.db, { name: 'Underxscore Verma' });
      expect((await itemsOf('users', 'Hundred%', cookie)).map((item) => item.id)).toEqual([percent.id]);
      expect((await itemsOf('users', 'Under_s', cookie)).map((item) => item.id)).toEqual([
        underscore.id,
      ]);
      expect(labels(await itemsOf('users', '%', cookie))).toEqual(['Hundred% Sharma']);
      expect(labels(await itemsOf('users', '_', cookie))).toEqual(['Under_score Verma']);
    });
  });

  describe('officials', () => {
    it('finds only the people who appoint position holders: general secretaries, the president and club coordinators', async () => {
      const cookie = await signInAs(ctx, await createUser(ctx.db, { role: 'CLUB_COORDINATOR' }));
      const secretary = await createUser(ctx.db, {
        role: 'GENSEC_SPORTS',
        name: 'Omkar Lambda',
        username: 'omkar.lambda',
      });
      const president = await createUser(ctx.db, {
        role: 'PRESIDENT',
        name: 'Pooja Lambda',
        username: 'pooja.lambda',
      });
      const coordinator = await createUser(ctx.db, {
        role: 'CLUB_COORDINATOR',
        name: 'Qadir Lambda',
        username: 'qadir.lambda',
      });
      await createStudent(ctx.db, { name: 'Rhea Lambda' });
      const found = await itemsOf('officials', 'lambda', cookie);
      expect(found.map((item) => item.id).sort()).toEqual(
        [secretary.id, president.id, coordinator.id].sort(),
      );
      expect(found.find((item) => item.id === president.id)).toEqual({
        id: president.id,
        label: 'Pooja Lambda',
        detail: 'pooja.lambda',
      });
    });
  });

  describe('events', () => {
    it('finds events by title, ignoring case, wildcards taken literally', async () => {
      const { cookie } = await signedInStudent();
      const unit = await createOrgUnit(ctx.db, { name: 'Astronomy Club Kappa' });
      const star = await createEvent(ctx.db, {
        title: 'Stargazing Night Kappa',
        organizingUnitId: unit.id,
        scheduleStart: new Date('2026-12-05T15:00:00Z'),
        scheduleEnd: new Date('2026-12-05T18:00:00Z'),
      });
      await createEvent(ctx.db, { title: 'Robotics Expo Kappa' });
      await createEvent(ctx.db, { title: '50% Off Kappa Sale' });
      await createEvent(ctx.db, { title: '50 Offers Kappa' });

      expect(await itemsOf('events', 'stargazing', cookie)).toEqual([
        { id: star.id, label: 'Stargazing Night Kappa', detail: 'Astronomy Club Kappa · 2026-12-05' },
      ]);
      expect(labels(await itemsOf('events', 'kappa', cookie))).toEqual([
        '50 Offers Kappa',
        '50% Off Kappa Sale',
        'Robotics Expo Kappa',
        'Stargazing Night Kappa',
      ]);
      expect(labels(await itemsOf('events', '50%', cookie))).toEqual(['50% Off Kappa Sale']);
      expect(await itemsOf('events', 'nosuchevent', cookie)).toEqual([]);
    });

    it('gives at most 20 events', async () => {
      const { cookie } = await signedInStudent();
      for (let index = 0; index < 22; index += 1)
        await createEvent(ctx.db, { title: `Workshop Lambda ${index}` });
      expect(await itemsOf('events', 'workshop lambda', cookie)).toHaveLength(20);
    });
  });

  describe('units', () => {
    it('finds units by name, wildcards taken literally', async () => {
      const { cookie } = await signedInStudent();
      const photo = await createOrgUnit(ctx.db, { name: 'Photography Club Mu', category: 'cultural' });
      await createOrgUnit(ctx.db, { name: 'Film_Society Mu', category: 'cultural' });
      await createOrgUnit(ctx.db, { name: 'FilmxSociety Mu', category: 'cultural' });

      expect(await itemsOf('units', 'PHOTOGRAPHY', cookie)).toEqual([
        { id: photo.id, label: 'Photography Club Mu', detail: 'cultural' },
      ]);
      expect(labels(await itemsOf('units', ' mu', cookie))).toEqual([
        'Film_Society Mu',
        'FilmxSociety Mu',
        'Photography Club Mu',
      ]);
      expect(labels(await itemsOf('units', 'Film_', cookie))).toEqual(['Film_Society Mu']);
      expect(labels(await itemsOf('units', '_', cookie))).toEqual(['Film_Society Mu']);
    });
  });

  describe('positions', () => {
    it('finds positions by title and by unit name, with the unit name as detail', async () => {
      const { cookie } = await signedInStudent();
      const debate = await createOrgUnit(ctx.db, { name: 'Debating Society Nu' });
      const quiz = await createOrgUnit(ctx.db, { name: 'Quiz Club Nu' });
      const captain = await createPosition(ctx.db, { title: 'Debate Captain Nu', unitId: debate.id });
      const treasurer = await createPosition(ctx.db, { title: 'Treasurer Nu', unitId: debate.id });
      const quizmaster = await createPosition(ctx.db, { title: 'Quizmaster Nu', unitId: quiz.id });

      expect(await itemsOf('positions', 'captain nu', cookie)).toEqual([
        { id: captain.id, label: 'Debate Captain Nu', detail: 'Debating Society Nu' },
      ]);
      expect(await itemsOf('positions', 'debating society', cookie)).toEqual([
        { id: captain.id, label: 'Debate Captain Nu', detail: 'Debating Society Nu' },
        { id: treasurer.id, label: 'Treasurer Nu', detail: 'Debating Society Nu' },
      ]);
      expect(await itemsOf('positions', 'quiz club nu', cookie)).toEqual([
        { id: quizmaster.id, label: 'Quizmaster Nu', detail: 'Quiz Club Nu' },
      ]);
    });

    it('takes % and _ literally', async () => {
      const { cookie } = await signedInStudent();
      await createPosition(ctx.db, { title: 'Head_of Design Xi' });
      await createPosition(ctx.db, { title: 'Headxof Design Xi' });
      await createPosition(ctx.db, { title: '100% Volunteer Xi' });
      expect(labels(await itemsOf('positions', 'head_of', cookie))).toEqual(['Head_of Design Xi']);
      expect(labels(await itemsOf('positions', '%', cookie))).toEqual(['100% Volunteer Xi']);
    });
  });
});
