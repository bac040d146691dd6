import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { achievements, activityLog, skills, userSkills } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createEvent,
  createPosition,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MISSING_ID = '6f1d2c3b-4a59-4e8f-9d7c-0b1a2c3d4e5f';

const OTHER_TYPE = 'This item is reviewed by another general secretary.';
const OWN_RECORD = 'Your own record is reviewed by another official.';
const ALREADY_DECLINED = 'This item was already declined by another official.';
const ALREADY_ENDORSED = 'This item was already endorsed by another official.';
const NOT_FOUND = 'This item no longer exists.';
const REASON_REQUIRED = 'Please give a reason for declining.';
const REASON_TOO_LONG = 'The reason must be at most 500 characters.';

/** Spec section 6: each general secretary reviews one skill type; the president every type. */
const SECRETARY_TYPES = [
  ['GENSEC_SCITECH', 'technical'],
  ['GENSEC_ACADEMIC', 'academic'],
  ['GENSEC_CULTURAL', 'cultural'],
  ['GENSEC_SPORTS', 'sports'],
] as const;
const EVERY_TYPE = ['academic', 'cultural', 'other', 'sports', 'technical'];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('endorsements', () => {
  const ctx = useTestApp();

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signedIn = async (
    role:
      | 'GENSEC_SCITECH'
      | 'GENSEC_ACADEMIC'
      | 'GENSEC_CULTURAL'
      | 'GENSEC_SPORTS'
      | 'PRESIDENT'
      | 'CLUB_COORDINATOR',
  ) => {
    const user = await createUser(ctx.db, { role });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const activityOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  /** A claim of a skill of the given type by a new student. */
  const claimOf = async (
    type: 'technical' | 'cultural' | 'sports' | 'academic',
    overrides: Partial<typeof userSkills.$inferInsert> = {},
  ) => {
    const skill = await createSkill(ctx.db, { type, isEndorsed: true });
    return createUserSkill(ctx.db, { skillId: skill.id, ...overrides });
  };

  // Every test starts with an empty desk, so lists and totals are exactly what the test created.
  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(userSkills);
    await ctx.db.delete(achievements);
    await ctx.db.delete(skills);
  });

  describe('access', () => {
    const routes = [
      ['GET', '/api/endorsements/user-skills'],
      ['GET', '/api/endorsements/skills'],
      ['GET', '/api/endorsements/achievements'],
      ['POST', `/api/endorsements/user-skills/${MISSING_ID}/endorse`],
      ['POST', `/api/endorsements/skills/${MISSING_ID}/endorse`],
      ['POST', `/api/endorsements/achievements/${MISSING_ID}/verify`],
      ['POST', `/api/endorsements/user-skills/${MISSING_ID}/decline`],
      ['POST', `/api/endorsements/skills/${MISSING_ID}/decline`],
      ['POST', `/api/endorsements/achievements/${MISSING_ID}/decline`],
    ] as const;
    const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
      method === 'GET'
        ? get(url, cookie)
        : post(url, cookie, url.endsWith('/decline') ? { reason: 'Not enough evidence.' } : undefined);

    it.each(routes)('%s %s asks a signed-out visitor to sign in', async (method, url) => {
      const response = await call(method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });

    it.each(routes)('%s %s is refused to a student', async (method, url) => {
      const { cookie: student } = await signedInStudent();
      const response = await call(method, url, student);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    });

    it.each(routes.filter(([, url]) => url.includes('/skills') && !url.includes('user-skills')))(
      '%s %s (the catalogue) is refused to a club coordinator',
      async (method, url) => {
        const { cookie: coordinator } = await signedIn('CLUB_COORDINATOR');
        const response = await call(method, url, coordinator);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      },
    );

    it('lets a student neither endorse nor decline a real item, and changes nothing', async () => {
      const { cookie } = await signedInStudent();
      const claim = await claimOf('technical');
      const skill = await createSkill(ctx.db, { createdBy: (await createUser(ctx.db)).id });
      const achievement = await createAchievement(ctx.db);
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
      ]) {
        expect((await post(url, cookie)).statusCode).toBe(403);
      }
      for (const kind of ['user-skills', 'skills', 'achievements']) {
        const id = kind === 'user-skills' ? claim.id : kind === 'skills' ? skill.id : achievement.id;
        // Access is checked before the body: a blank reason from a student is still 403.
        expect(
          (await post(`/api/endorsements/${kind}/${id}/decline`, cookie, { reason: '' })).statusCode,
        ).toBe(403);
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      const [skillRow] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      const [achievementRow] = await ctx.db
        .select()
        .from(achievements)
        .where(eq(achievements.id, achievement.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null, declinedAt: null });
      expect(skillRow).toMatchObject({ isEndorsed: false, endorsedBy: null, declinedAt: null });
      expect(achievementRow).toMatchObject({ verified: false, verifiedBy: null, declinedAt: null });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });

    it('refuses a review sent without the portal origin', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const claim = await claimOf('technical');
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/endorsements/user-skills/${claim.id}/endorse`,
        headers: { cookie, origin: 'https://evil.example.org' },
      });
      expect(response.statusCode).toBe(403);
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row!.isEndorsed).toBe(false);
    });
  });

  describe('GET /api/endorsements/user-skills', () => {
    it("lists a secretary's own type only, oldest first, naming the student, the skill and the position", async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const { user: student } = await createStudent(ctx.db, {
        name: 'Tara Menon',
        username: 'tmenon41',
      });
      const badminton = await createSkill(ctx.db, {
        name: 'Badminton Doubles',
        category: 'Racket Sports',
        type: 'sports',
        isEndorsed: true,
      });
      const chess = await createSkill(ctx.db, {
        name: 'Blitz Chess',
        category: 'Board Games',
        type: 'sports',
        isEndorsed: true,
      });
      const position = await createPosition(ctx.db, { title: 'Sports Captain' });
      const newer = await createUserSkill(ctx.db, {
        userId: student.id,
        skillId: chess.id,
        proficiencyLevel: 'expert',
        createdAt: minutesAgo(5),
      });
      const older = await createUserSkill(ctx.db, {
        userId: student.id,
        skillId: badminton.id,
        proficiencyLevel: 'advanced',
        positionId: position.id,
        createdAt: minutesAgo(50),
      });
      await claimOf('technical');
      await claimOf('cultural');
      await claimOf('academic');

      const response = await get('/api/endorsements/user-skills', cookie);
      expect(response.statusCode).toBe(200);
      const studentView = {
        id: student.id,
        name: 'Tara Menon',
        username: 'tmenon41',
        studentId: student.studentId,
      };
      expect(response.json()).toEqual({
        items: [
          {
            id: older.id,
            student: studentView,
            skill: {
              id: badminton.id,
              name: 'Badminton Doubles',
              category: 'Racket Sports',
              type: 'sports',
            },
            proficiencyLevel: 'advanced',
            position: { id: position.id, title: 'Sports Captain' },
            createdAt: expect.stringMatching(ISO_TIME),
          },
          {
            id: newer.id,
            student: studentView,
            skill: { id: chess.id, name: 'Blitz Chess', category: 'Board Games', type: 'sports' },
            proficiencyLevel: 'expert',
            position: null,
            createdAt: expect.stringMatching(ISO_TIME),
          },
        ],
        total: 2,
        overall: 2,
        page: 1,
        pageSize: 20,
        types: ['sports'],
      });
    });

    it.each(SECRETARY_TYPES)('shows %s the %s claims and nothing else', async (role, type) => {
      const { cookie } = await signedIn(role);
      const mine = await claimOf(type);
      for (const other of ['technical', 'cultural', 'sports', 'academic'] as const)
        if (other !== type) await claimOf(other);
      const response = await get('/api/endorsements/user-skills', cookie);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([mine.id]);
      expect(response.json()).toMatchObject({ total: 1, types: [type] });
    });

    it('shows the president every type, and one type when asked', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const technical = await claimOf('technical', { createdAt: minutesAgo(40) });
      const cultural = await claimOf('cultural', { createdAt: minutesAgo(30) });
      const sports = await claimOf('sports', { createdAt: minutesAgo(20) });
      const academic = await claimOf('academic', { createdAt: minutesAgo(10) });
      const all = await get('/api/endorsements/user-skills', cookie);
      expect(all.statusCode).toBe(200);
      expect(ids(all)).toEqual([technical.id, cultural.id, sports.id, academic.id]);
      expect(all.json()).toMatchObject({ total: 4, overall: 4 });
      expect([...all.json().types].sort()).toEqual(EVERY_TYPE);

      const onlyCultural = await get('/api/endorsements/user-skills?type=cultural', cookie);
      expect(onlyCultural.statusCode).toBe(200);
      expect(ids(onlyCultural)).toEqual([cultural.id]);
      // The overall count and the types stay every type's, for a 'showing 1 of 4' line and the filter's choices.
      expect(onlyCultural.json()).toMatchObject({ total: 1, overall: 4 });
      expect([...onlyCultural.json().types].sort()).toEqual(EVERY_TYPE);

      // Skills have no 'other' type.
      const other = await get('/api/endorsements/user-skills?type=other', cookie);
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ items: [], total: 0, overall: 4 });
      expect([...other.json().types].sort()).toEqual(EVERY_TYPE);
    });

    it('leaves out endorsed and declined claims, claims of a declined catalogue skill, and the official’s own claims', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const pending = await claimOf('technical');
      await claimOf('technical', { isEndorsed: true, endorsedBy: official.id, endorsedAt: new Date() });
      await claimOf('technical', {
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'No project to show.',
      });
      const declinedSkill = await createSkill(ctx.db, {
        type: 'technical',
        createdBy: (await createUser(ctx.db)).id,
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'Duplicate of an existing skill.',
      });
      await createUserSkill(ctx.db, { skillId: declinedSkill.id });
      await claimOf('technical', { userId: official.id });

      const response = await get('/api/endorsements/user-skills', cookie);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([pending.id]);
      expect(response.json().total).toBe(1);
    });

    it('pages the list and counts every match', async () => {
      const { cookie } = await signedIn('GENSEC_ACADEMIC');
      const claims = [];
      for (let index = 0; index < 5; index += 1)
        claims.push(await claimOf('academic', { createdAt: minutesAgo(50 - index) }));
      const pageOf = async (page: number) => {
        const response = await get(`/api/endorsements/user-skills?page=${page}&pageSize=2`, cookie);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ total: 5, page, pageSize: 2 });
        return ids(response);
      };
      expect(await pageOf(1)).toEqual([claims[0]!.id, claims[1]!.id]);
      expect(await pageOf(2)).toEqual([claims[2]!.id, claims[3]!.id]);
      expect(await pageOf(3)).toEqual([claims[4]!.id]);
      expect(await pageOf(4)).toEqual([]);
    });
  });

  describe('GET /api/endorsements/skills', () => {
    it('lists catalogue skills awaiting endorsement, oldest first, with who created them', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const { user: creator } = await createStudent(ctx.db, { name: 'Kavya Rao', username: 'krao52' });
      const created = await createSkill(ctx.db, {
        name: 'Kathak',
        category: 'Dance',
        type: 'cultural',
        description: 'Classical dance of north India.',
        createdBy: creator.id,
        createdAt: minutesAgo(30),
      });
      const institute = await createSkill(ctx.db, {
        name: 'Carnatic Vocals',
        category: 'Music',
        type: 'cultural',
        description: null,
        createdAt: minutesAgo(10),
      });
      await createSkill(ctx.db, {
        type: 'cultural',
        isEndorsed: true,
        endorsedBy: official.id,
        endorsedAt: new Date(),
      });
      await createSkill(ctx.db, {
        type: 'cultural',
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'Too vague.',
      });
      await createSkill(ctx.db, { type: 'cultural', createdBy: official.id });
      await createSkill(ctx.db, { type: 'technical', createdBy: creator.id });

      const response = await get('/api/endorsements/skills', cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          {
            id: created.id,
            skillCode: expect.stringMatching(/^SKL-\d{5,}$/),
            name: 'Kathak',
            category: 'Dance',
            type: 'cultural',
            description: 'Classical dance of north India.',
            submittedBy: {
              id: creator.id,
              name: 'Kavya Rao',
              username: 'krao52',
              studentId: creator.studentId,
            },
            createdAt: expect.stringMatching(ISO_TIME),
          },
          {
            id: institute.id,
            skillCode: expect.stringMatching(/^SKL-\d{5,}$/),
            name: 'Carnatic Vocals',
            category: 'Music',
            type: 'cultural',
            description: null,
            submittedBy: null,
            createdAt: expect.stringMatching(ISO_TIME),
          },
        ],
        total: 2,
        overall: 2,
        page: 1,
        pageSize: 20,
        types: ['cultural'],
      });
    });

    it('pages the list', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const created = [];
      for (let index = 0; index < 3; index += 1)
        created.push(await createSkill(ctx.db, { type: 'sports', createdAt: minutesAgo(30 - index) }));
      const second = await get('/api/endorsements/skills?page=2&pageSize=2', cookie);
      expect(second.statusCode).toBe(200);
      expect(ids(second)).toEqual([created[2]!.id]);
      expect(second.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    });
  });

  describe('GET /api/endorsements/achievements', () => {
    it('lists achievements awaiting verification, oldest first, with the event', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student } = await createStudent(ctx.db, { name: 'Rohan Bose', username: 'rbose63' });
      const event = await createEvent(ctx.db, { title: 'Robo Wars 2025' });
      const older = await createAchievement(ctx.db, {
        userId: student.id,
        title: 'Robo Wars champion',
        description: 'Won every round.',
        category: 'Robotics',
        type: 'technical',
        level: 'National',
        eventId: event.id,
        dateAchieved: '2025-09-14',
        position: '1st',
        certificateUrl: 'https://certificates.example.org/robo-wars/42.pdf',
        createdAt: minutesAgo(20),
      });
      const newer = await createAchievement(ctx.db, { type: 'technical', createdAt: minutesAgo(5) });
      await createAchievement(ctx.db, { type: 'sports' });
      await createAchievement(ctx.db, { type: 'other' });

      const response = await get('/api/endorsements/achievements', cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 2, overall: 2, page: 1, pageSize: 20, types: ['technical'] });
      expect(ids(response)).toEqual([older.id, newer.id]);
      expect(body.items[0]).toEqual({
        id: older.id,
        achievementCode: expect.stringMatching(/^ACH-\d{5,}$/),
        student: {
          id: student.id,
          name: 'Rohan Bose',
          username: 'rbose63',
          studentId: student.studentId,
        },
        title: 'Robo Wars champion',
        description: 'Won every round.',
        category: 'Robotics',
        type: 'technical',
        level: 'National',
        event: { id: event.id, title: 'Robo Wars 2025' },
        dateAchieved: '2025-09-14',
        position: '1st',
        certificateUrl: 'https://certificates.example.org/robo-wars/42.pdf',
        createdAt: expect.stringMatching(ISO_TIME),
      });
    });

    it("shows the president 'other' achievements, which no secretary sees", async () => {
      const other = await createAchievement(ctx.db, {
        type: 'other',
        title: 'Blood donation drive volunteer',
      });
      const { cookie: president } = await signedIn('PRESIDENT');
      const response = await get('/api/endorsements/achievements?type=other', president);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([other.id]);
      expect(response.json()).toMatchObject({ total: 1 });
      expect([...response.json().types].sort()).toEqual(EVERY_TYPE);
      for (const [role] of SECRETARY_TYPES) {
        const { cookie } = await signedIn(role);
        const listed = await get('/api/endorsements/achievements', cookie);
        expect(ids(listed)).toEqual([]);
        expect((await get('/api/endorsements/achievements?type=other', cookie)).statusCode).toBe(403);
      }
    });

    it("leaves out verified and declined achievements and the official's own", async () => {
      const { user: official, cookie } = await signedIn('PRESIDENT');
      const pending = await createAchievement(ctx.db, { type: 'academic' });
      await createAchievement(ctx.db, {
        type: 'academic',
        verified: true,
        verifiedBy: official.id,
        verifiedAt: new Date(),
      });
      await createAchievement(ctx.db, {
        type: 'academic',
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'Certificate unreadable.',
      });
      await createAchievement(ctx.db, { type: 'academic', userId: official.id });
      const response = await get('/api/endorsements/achievements', cookie);
      expect(ids(response)).toEqual([pending.id]);
      expect(response.json().total).toBe(1);
    });
  });

  describe('list filters', () => {
    const lists = [
      '/api/endorsements/user-skills',
      '/api/endorsements/skills',
      '/api/endorsements/achievements',
    ];

    it.each(lists)('%s refuses a secretary naming another type', async (url) => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const response = await get(`${url}?type=technical`, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      expect((await get(`${url}?type=sports`, cookie)).statusCode).toBe(200);
    });

    it.each(lists)('%s refuses an unknown type and a bad page', async (url) => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const query of [
        'type=robotics',
        'type=',
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'page=two',
      ]) {
        const response = await get(`${url}?${query}`, cookie);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
      }
      expect((await get(`${url}?pageSize=100`, cookie)).statusCode).toBe(200);
    });
  });

  describe('endorsing and verifying', () => {
    it("endorses a student's claim: records the official and the time, logs it, and the claim leaves the list", async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Rust Systems Programming',
        type: 'technical',
        isEndorsed: true,
      });
      const claim = await createUserSkill(ctx.db, { userId: student.id, skillId: skill.id });

      const response = await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: claim.id,
        status: 'endorsed',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });

      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: true,
        endorsedBy: official.id,
        declinedAt: null,
        declineReason: null,
      });
      expect(row!.endorsedAt).toBeInstanceOf(Date);
      expect(row!.endorsedAt!.toISOString()).toBe(response.json().at);
      const activity = await activityOf(claim.id);
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        type: 'approval',
        actorId: official.id,
        subjectType: 'user_skill',
      });
      expect(activity[0]!.description).toContain('Rust Systems Programming');

      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      const own = (await get('/api/me/skills', studentCookie)).json();
      expect(own.items).toMatchObject([{ id: claim.id, isEndorsed: true, declineReason: null }]);
    });

    it('endorses a catalogue skill', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_ACADEMIC');
      const skill = await createSkill(ctx.db, {
        name: 'Linear Algebra',
        type: 'academic',
        createdBy: (await createUser(ctx.db)).id,
      });
      const response = await post(`/api/endorsements/skills/${skill.id}/endorse`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: skill.id,
        status: 'endorsed',
        by: { name: official.name },
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({ isEndorsed: true, endorsedBy: official.id, declinedAt: null });
      expect(row!.endorsedAt).toBeInstanceOf(Date);
      expect(await activityOf(skill.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'skill' },
      ]);
      expect(ids(await get('/api/endorsements/skills', cookie))).toEqual([]);
    });

    it('verifies an achievement, which the student then sees as verified', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const achievement = await createAchievement(ctx.db, {
        userId: student.id,
        type: 'cultural',
        title: 'Inter-IIT dance finalist',
      });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/verify`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: achievement.id,
        status: 'endorsed',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({ verified: true, verifiedBy: official.id, declinedAt: null });
      expect(row!.verifiedAt).toBeInstanceOf(Date);
      expect(await activityOf(achievement.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'achievement' },
      ]);

      const verified = (await get('/api/me/achievements?status=verified', studentCookie)).json();
      expect(verified.items).toMatchObject([
        { id: achievement.id, verified: true, verifiedBy: { name: official.name }, declineReason: null },
      ]);
      expect(ids(await get('/api/endorsements/achievements', cookie))).toEqual([]);
    });

    it("lets the president review every type, 'other' achievements included", async () => {
      const { user: president, cookie } = await signedIn('PRESIDENT');
      const other = await createAchievement(ctx.db, { type: 'other' });
      const sports = await claimOf('sports');
      const cultural = await createSkill(ctx.db, { type: 'cultural' });
      expect((await post(`/api/endorsements/achievements/${other.id}/verify`, cookie)).statusCode).toBe(
        200,
      );
      expect((await post(`/api/endorsements/user-skills/${sports.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      expect((await post(`/api/endorsements/skills/${cultural.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, other.id));
      expect(row).toMatchObject({ verified: true, verifiedBy: president.id });
    });

    it('answers a second endorsement with the first one, alreadyDone, and logs once', async () => {
      const { user: first, cookie: firstCookie } = await signedIn('GENSEC_SPORTS');
      const { cookie: presidentCookie } = await signedIn('PRESIDENT');
      const claim = await claimOf('sports');
      const url = `/api/endorsements/user-skills/${claim.id}/endorse`;
      const one = await post(url, firstCookie);
      const again = await post(url, firstCookie);
      const byPresident = await post(url, presidentCookie);
      expect(one.statusCode).toBe(200);
      expect(one.json().alreadyDone).toBe(false);
      for (const response of [again, byPresident]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          id: claim.id,
          status: 'endorsed',
          by: { name: first.name },
          at: one.json().at,
          alreadyDone: true,
        });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row!.endorsedBy).toBe(first.id);
      expect(await activityOf(claim.id)).toHaveLength(1);

      const achievement = await createAchievement(ctx.db, { type: 'sports' });
      expect(
        (await post(`/api/endorsements/achievements/${achievement.id}/verify`, firstCookie)).json()
          .alreadyDone,
      ).toBe(false);
      expect(
        (await post(`/api/endorsements/achievements/${achievement.id}/verify`, firstCookie)).json()
          .alreadyDone,
      ).toBe(true);
      expect(await activityOf(achievement.id)).toHaveLength(1);
    });

    it('refuses a secretary an item of another type, and changes nothing', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const claim = await claimOf('technical');
      const skill = await createSkill(ctx.db, { type: 'technical' });
      const achievement = await createAchievement(ctx.db, { type: 'technical' });
      const other = await createAchievement(ctx.db, { type: 'other' });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
        `/api/endorsements/achievements/${other.id}/verify`,
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      const [skillRow] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      const [achievementRow] = await ctx.db
        .select()
        .from(achievements)
        .where(eq(achievements.id, achievement.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null, endorsedAt: null });
      expect(skillRow).toMatchObject({ isEndorsed: false, endorsedBy: null, endorsedAt: null });
      expect(achievementRow).toMatchObject({ verified: false, verifiedBy: null, verifiedAt: null });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });

    it('refuses an official their own record', async () => {
      const { user: secretary, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: president, cookie: presidentCookie } = await signedIn('PRESIDENT');
      const ownClaim = await claimOf('technical', { userId: secretary.id });
      const ownSkill = await createSkill(ctx.db, { type: 'technical', createdBy: secretary.id });
      const ownAchievement = await createAchievement(ctx.db, { type: 'other', userId: president.id });
      const cases = [
        [`/api/endorsements/user-skills/${ownClaim.id}/endorse`, cookie],
        [`/api/endorsements/skills/${ownSkill.id}/endorse`, cookie],
        [`/api/endorsements/achievements/${ownAchievement.id}/verify`, presidentCookie],
        [`/api/endorsements/user-skills/${ownClaim.id}/decline`, cookie],
        [`/api/endorsements/achievements/${ownAchievement.id}/decline`, presidentCookie],
      ] as const;
      for (const [url, who] of cases) {
        const response = await post(
          url,
          who,
          url.endsWith('/decline') ? { reason: 'Self review.' } : undefined,
        );
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: OWN_RECORD });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, ownClaim.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, declinedAt: null });
      // Another official may review it.
      expect(
        (await post(`/api/endorsements/user-skills/${ownClaim.id}/endorse`, presidentCookie)).statusCode,
      ).toBe(200);
    });

    it('answers 404 for an unknown item and 400 for a malformed id', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const url of [
        `/api/endorsements/user-skills/${MISSING_ID}/endorse`,
        `/api/endorsements/skills/${MISSING_ID}/endorse`,
        `/api/endorsements/achievements/${MISSING_ID}/verify`,
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
      }
      for (const url of [
        '/api/endorsements/user-skills/42/endorse',
        '/api/endorsements/skills/not-an-id/endorse',
        "/api/endorsements/achievements/1'or'1/verify",
      ]) {
        const response = await post(url, cookie);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { id: 'Not a valid id.' },
        });
      }
      // An id of another kind is unknown here.
      const achievement = await createAchievement(ctx.db);
      expect((await post(`/api/endorsements/skills/${achievement.id}/endorse`, cookie)).statusCode).toBe(
        404,
      );
    });

    it('refuses to endorse a declined item (409) and keeps it declined', async () => {
      const { user: official } = await signedIn('GENSEC_SCITECH');
      const { cookie: president } = await signedIn('PRESIDENT');
      const declined = {
        declinedBy: official.id,
        declinedAt: new Date(),
        declineReason: 'No evidence.',
      };
      const claim = await claimOf('technical', declined);
      const skill = await createSkill(ctx.db, { type: 'technical', ...declined });
      const achievement = await createAchievement(ctx.db, { type: 'technical', ...declined });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/endorse`,
        `/api/endorsements/skills/${skill.id}/endorse`,
        `/api/endorsements/achievements/${achievement.id}/verify`,
      ]) {
        const response = await post(url, president);
        expect(response.statusCode, url).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_DECLINED });
      }
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(claimRow).toMatchObject({
        isEndorsed: false,
        endorsedBy: null,
        declineReason: 'No evidence.',
      });
      expect(await ctx.db.select().from(activityLog)).toEqual([]);
    });
  });

  describe('declining', () => {
    it('declines a claim with a reason the student sees; it leaves the list and is logged', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const claim = await claimOf('technical', { userId: student.id });
      const response = await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, {
        reason: '  Please link a project that uses it.  ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: claim.id,
        status: 'declined',
        by: { name: official.name },
        at: expect.stringMatching(ISO_TIME),
        alreadyDone: false,
      });
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: false,
        endorsedBy: null,
        declinedBy: official.id,
        declineReason: 'Please link a project that uses it.',
      });
      expect(row!.declinedAt).toBeInstanceOf(Date);
      expect(await activityOf(claim.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'user_skill' },
      ]);
      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      const own = (await get('/api/me/skills', studentCookie)).json();
      expect(own.items).toMatchObject([
        { id: claim.id, isEndorsed: false, declineReason: 'Please link a project that uses it.' },
      ]);
    });

    it('declines an achievement; the student finds it under declined, not pending', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SPORTS');
      const { user: student, cookie: studentCookie } = await signedInStudent();
      const achievement = await createAchievement(ctx.db, { userId: student.id, type: 'sports' });
      const response = await post(`/api/endorsements/achievements/${achievement.id}/decline`, cookie, {
        reason: 'The certificate is for another event.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', alreadyDone: false });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({
        verified: false,
        verifiedBy: null,
        declinedBy: official.id,
        declineReason: 'The certificate is for another event.',
      });
      expect(await activityOf(achievement.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'achievement' },
      ]);

      const declined = (await get('/api/me/achievements?status=declined', studentCookie)).json();
      expect(declined.items).toMatchObject([
        { id: achievement.id, verified: false, declineReason: 'The certificate is for another event.' },
      ]);
      expect((await get('/api/me/achievements?status=pending', studentCookie)).json().items).toEqual([]);
    });

    it('declines a catalogue skill together with the claims of it', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: creator, cookie: creatorCookie } = await signedInStudent();
      const { user: claimant, cookie: claimantCookie } = await signedInStudent();
      const skill = await createSkill(ctx.db, {
        name: 'Vibe Coding Zyx',
        category: 'Programming',
        type: 'technical',
        createdBy: creator.id,
      });
      const creatorsClaim = await createUserSkill(ctx.db, { userId: creator.id, skillId: skill.id });
      const otherClaim = await createUserSkill(ctx.db, { userId: claimant.id, skillId: skill.id });
      expect(ids(await get('/api/endorsements/user-skills', cookie)).sort()).toEqual(
        [creatorsClaim.id, otherClaim.id].sort(),
      );

      const response = await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
        reason: 'Not a recognised skill.',
      });
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({
        isEndorsed: false,
        declinedBy: official.id,
        declineReason: 'Not a recognised skill.',
      });
      expect(await activityOf(skill.id)).toMatchObject([
        { type: 'approval', actorId: official.id, subjectType: 'skill' },
      ]);

      // The claims leave the list, cannot be endorsed, and their owners see the skill's reason.
      expect(ids(await get('/api/endorsements/user-skills', cookie))).toEqual([]);
      expect(ids(await get('/api/endorsements/skills', cookie))).toEqual([]);
      const endorse = await post(`/api/endorsements/user-skills/${otherClaim.id}/endorse`, cookie);
      expect(endorse.statusCode).toBe(409);
      expect(endorse.json().error.message).toBe(ALREADY_DECLINED);
      const [claimRow] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, otherClaim.id));
      expect(claimRow).toMatchObject({ isEndorsed: false, endorsedBy: null });
      for (const who of [creatorCookie, claimantCookie]) {
        expect((await get('/api/me/skills', who)).json().items).toMatchObject([
          { isEndorsed: false, declineReason: 'Not a recognised skill.' },
        ]);
      }
      // The catalogue no longer offers it, not even to its creator.
      for (const who of [creatorCookie, claimantCookie]) {
        expect((await get('/api/skills?q=Vibe%20Coding%20Zyx', who)).json().items).toEqual([]);
      }
    });

    it('answers a second decline with the first one, alreadyDone, keeping the first reason', async () => {
      const { user: first, cookie } = await signedIn('GENSEC_ACADEMIC');
      const { cookie: president } = await signedIn('PRESIDENT');
      const achievement = await createAchievement(ctx.db, { type: 'academic' });
      const url = `/api/endorsements/achievements/${achievement.id}/decline`;
      const one = await post(url, cookie, { reason: 'Missing the certificate.' });
      const two = await post(url, president, { reason: 'Something else.' });
      expect(one.statusCode).toBe(200);
      expect(two.statusCode).toBe(200);
      expect(two.json()).toEqual({
        id: achievement.id,
        status: 'declined',
        by: { name: first.name },
        at: one.json().at,
        alreadyDone: true,
      });
      const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
      expect(row).toMatchObject({ declinedBy: first.id, declineReason: 'Missing the certificate.' });
      expect(await activityOf(achievement.id)).toHaveLength(1);
    });

    it('refuses to decline an endorsed item (409) and keeps it endorsed', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const claim = await claimOf('cultural');
      expect((await post(`/api/endorsements/user-skills/${claim.id}/endorse`, cookie)).statusCode).toBe(
        200,
      );
      const skill = await createSkill(ctx.db, {
        type: 'cultural',
        isEndorsed: true,
        endorsedBy: official.id,
        endorsedAt: new Date(),
      });
      const achievement = await createAchievement(ctx.db, {
        type: 'cultural',
        verified: true,
        verifiedBy: official.id,
        verifiedAt: new Date(),
      });
      for (const url of [
        `/api/endorsements/user-skills/${claim.id}/decline`,
        `/api/endorsements/skills/${skill.id}/decline`,
        `/api/endorsements/achievements/${achievement.id}/decline`,
      ]) {
        const response = await post(url, cookie, { reason: 'Changed my mind.' });
        expect(response.statusCode, url).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_ENDORSED });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({
        isEndorsed: true,
        endorsedBy: official.id,
        declinedAt: null,
        declineReason: null,
      });
      expect(await activityOf(claim.id)).toHaveLength(1);
    });

    it('asks for a reason of at most 500 visible characters', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const claim = await claimOf('sports');
      const url = `/api/endorsements/user-skills/${claim.id}/decline`;
      const cases: [object | undefined, string][] = [
        [{ reason: '' }, REASON_REQUIRED],
        [{ reason: '   \n\t ' }, REASON_REQUIRED],
        [{}, REASON_REQUIRED],
        [{ reason: null }, REASON_REQUIRED],
        [{ reason: 'x'.repeat(501) }, REASON_TOO_LONG],
        [{ reason: 'Looks\u200bfine' }, 'Use visible characters only.'],
      ];
      for (const [payload, message] of cases) {
        const response = await post(url, cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { reason: message },
        });
      }
      const [row] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(row).toMatchObject({ declinedAt: null, declineReason: null });
      expect(await activityOf(claim.id)).toEqual([]);

      const longest = await post(url, cookie, { reason: 'y'.repeat(500) });
      expect(longest.statusCode).toBe(200);
      const [declined] = await ctx.db.select().from(userSkills).where(eq(userSkills.id, claim.id));
      expect(declined!.declineReason).toBe('y'.repeat(500));
    });

    it('refuses a decline of another type (403), of an unknown item (404) and with a malformed id (400)', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const skill = await createSkill(ctx.db, { type: 'academic' });
      const wrongType = await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
        reason: 'Not mine to judge.',
      });
      expect(wrongType.statusCode).toBe(403);
      expect(wrongType.json().error).toEqual({ code: 'FORBIDDEN', message: OTHER_TYPE });
      const [row] = await ctx.db.select().from(skills).where(eq(skills.id, skill.id));
      expect(row).toMatchObject({ declinedAt: null, declineReason: null });

      for (const kind of ['user-skills', 'skills', 'achievements']) {
        const missing = await post(`/api/endorsements/${kind}/${MISSING_ID}/decline`, cookie, {
          reason: 'Gone.',
        });
        expect(missing.statusCode, kind).toBe(404);
        expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
        const malformed = await post(`/api/endorsements/${kind}/12345/decline`, cookie, {
          reason: 'Gone.',
        });
        expect(malformed.statusCode, kind).toBe(400);
        expect(malformed.json().error.fields).toMatchObject({ id: 'Not a valid id.' });
      }
    });

    // Known bug, left failing on purpose: a claim of a declined catalogue skill is declined with it
    // (the list drops it, endorsing it answers 409), yet declining it again records a second decline.
    it('a decline of a claim already declined with its catalogue skill answers alreadyDone and logs nothing new', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const skill = await createSkill(ctx.db, {
        type: 'technical',
        createdBy: (await createUser(ctx.db)).id,
      });
      const claim = await createUserSkill(ctx.db, { skillId: skill.id });
      expect(
        (
          await post(`/api/endorsements/skills/${skill.id}/decline`, cookie, {
            reason: 'Not a recognised skill.',
          })
        ).statusCode,
      ).toBe(200);

      const response = await post(`/api/endorsements/user-skills/${claim.id}/decline`, cookie, {
        reason: 'Another reason.',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'declined', alreadyDone: true });
      expect(await activityOf(claim.id)).toEqual([]);
    });
  });
});
