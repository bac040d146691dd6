import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { minutesAgo, useEndorsementDesk } from '../../../test/endorsement-desk';
import {
  createAchievement,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

/** A day in the institute's time zone (Asia/Kolkata, UTC+05:30), as an instant. */
const kolkata = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

/**
 * The endorsement panel's tab counts, and its lists searched and filtered on the server: a
 * student's name, username or student id, the item's title, skill or event; level, proficiency
 * and the day submitted.
 */
describe('the endorsement panel: counts, search and filters', () => {
  const { ctx, get, signedIn, signedInStudent, ids } = useEndorsementDesk();

  describe('GET /api/endorsements/counts', () => {
    it('counts what each official may decide, their own items left out', async () => {
      const { user: secretary, cookie } = await signedIn('GENSEC_SCITECH');
      const { cookie: president } = await signedIn('PRESIDENT');
      const technical = await createSkill(ctx.db, { type: 'technical', isEndorsed: true });
      const cultural = await createSkill(ctx.db, { type: 'cultural', isEndorsed: true });
      await createUserSkill(ctx.db, { skillId: technical.id });
      await createUserSkill(ctx.db, { skillId: technical.id });
      await createUserSkill(ctx.db, { skillId: technical.id, userId: secretary.id });
      await createUserSkill(ctx.db, { skillId: cultural.id });
      await createSkill(ctx.db, { type: 'technical', createdBy: (await createUser(ctx.db)).id });
      await createAchievement(ctx.db, { type: 'technical' });
      await createAchievement(ctx.db, { type: 'sports' });
      await createAchievement(ctx.db, { type: 'technical', verified: true, verifiedBy: secretary.id });

      const mine = await get('/api/endorsements/counts', cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ userSkills: 2, skills: 1, achievements: 1, positions: 0 });
      const all = await get('/api/endorsements/counts', president);
      expect(all.json()).toEqual({ userSkills: 4, skills: 1, achievements: 2, positions: 0 });
    });

    it("counts a club coordinator's club's members' items only, and no catalogue skills", async () => {
      const club = await createOrgUnit(ctx.db);
      const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
      const position = await createPosition(ctx.db, { unitId: club.id, positionCount: 5 });
      const event = await createEvent(ctx.db, { organizingUnitId: club.id });
      const member = (await createStudent(ctx.db)).user;
      await createPositionHolder(ctx.db, {
        userId: member.id,
        positionId: position.id,
        status: 'active',
      });
      const skill = await createSkill(ctx.db, { type: 'sports', isEndorsed: true });
      await createUserSkill(ctx.db, { skillId: skill.id, userId: member.id, positionId: position.id });
      await createUserSkill(ctx.db, { skillId: skill.id });
      await createAchievement(ctx.db, { userId: member.id, eventId: event.id, level: 'college' });
      await createAchievement(ctx.db, { userId: member.id });
      await createSkill(ctx.db, { type: 'sports', createdBy: member.id });

      const response = await get('/api/endorsements/counts', await signInAs(ctx, coordinator));
      expect(response.json()).toEqual({ userSkills: 1, skills: 0, achievements: 1, positions: 0 });
    });

    it('is refused to a student and to a stranger', async () => {
      const { cookie } = await signedInStudent();
      expect((await get('/api/endorsements/counts', cookie)).statusCode).toBe(403);
      expect((await get('/api/endorsements/counts')).statusCode).toBe(401);
    });
  });

  describe('searching the lists', () => {
    it("finds achievements by the student's name, username, student id, the title and the event", async () => {
      const { cookie } = await signedIn('GENSEC_CULTURAL');
      const { user: asha } = await createStudent(ctx.db, {
        name: 'Asha Verma',
        username: 'averma23',
        studentId: '23110042',
      });
      const { user: ravi } = await createStudent(ctx.db, { name: 'Ravi Kumar', username: 'rkumar' });
      const fest = await createEvent(ctx.db, { title: 'Spring Fest Finals' });
      const dance = await createAchievement(ctx.db, {
        userId: asha.id,
        type: 'cultural',
        title: 'Solo dance, first place',
      });
      const drama = await createAchievement(ctx.db, {
        userId: ravi.id,
        type: 'cultural',
        title: 'Street play',
        eventId: fest.id,
      });

      const search = async (q: string) =>
        ids(await get(`/api/endorsements/achievements?q=${encodeURIComponent(q)}`, cookie));
      expect(await search('asha')).toEqual([dance.id]);
      expect(await search('AVERMA')).toEqual([dance.id]);
      expect(await search('2311')).toEqual([dance.id]);
      expect(await search('street')).toEqual([drama.id]);
      expect(await search('spring fest')).toEqual([drama.id]);
      expect(await search('nobody at all')).toEqual([]);
      // A wildcard is a character like any other.
      expect(await search('%')).toEqual([]);
    });

    it('counts the matches in total and the whole queue in overall', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      // A name no other student of the file's campus carries (the factories name theirs from a list).
      const { user: meera } = await createStudent(ctx.db, { name: 'Meera Quillfeather' });
      const football = await createSkill(ctx.db, { type: 'sports', name: 'Football', isEndorsed: true });
      const chess = await createSkill(ctx.db, { type: 'sports', name: 'Chess', isEndorsed: true });
      await createUserSkill(ctx.db, { skillId: football.id, userId: meera.id });
      await createUserSkill(ctx.db, { skillId: chess.id });
      await createUserSkill(ctx.db, { skillId: football.id });

      const byName = await get('/api/endorsements/user-skills?q=quillfeather', cookie);
      expect(byName.json()).toMatchObject({ total: 1, overall: 3 });
      const bySkill = await get('/api/endorsements/user-skills?q=footb', cookie);
      expect(bySkill.json()).toMatchObject({ total: 2, overall: 3 });
    });

    it('finds catalogue skills by name and by the student who created them', async () => {
      const { cookie } = await signedIn('GENSEC_ACADEMIC');
      const { user: creator } = await createStudent(ctx.db, { name: 'Neel Shah' });
      const quiz = await createSkill(ctx.db, {
        type: 'academic',
        name: 'Quizzing',
        createdBy: creator.id,
      });
      const debate = await createSkill(ctx.db, { type: 'academic', name: 'Debating' });
      expect(ids(await get('/api/endorsements/skills?q=quizz', cookie))).toEqual([quiz.id]);
      expect(ids(await get('/api/endorsements/skills?q=neel', cookie))).toEqual([quiz.id]);
      expect(ids(await get('/api/endorsements/skills?q=debat', cookie))).toEqual([debate.id]);
    });

    it('refuses a search longer than 100 characters', async () => {
      const { cookie } = await signedIn('GENSEC_CULTURAL');
      const response = await get(`/api/endorsements/achievements?q=${'a'.repeat(101)}`, cookie);
      expect(response.statusCode).toBe(400);
    });
  });

  describe('filtering the lists', () => {
    it('narrows achievements by level and claims by proficiency', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const national = await createAchievement(ctx.db, { type: 'technical', level: 'national' });
      await createAchievement(ctx.db, { type: 'technical', level: 'college' });
      const skill = await createSkill(ctx.db, { type: 'technical', isEndorsed: true });
      const expert = await createUserSkill(ctx.db, { skillId: skill.id, proficiencyLevel: 'expert' });
      await createUserSkill(ctx.db, { skillId: skill.id, proficiencyLevel: 'beginner' });

      const levels = await get('/api/endorsements/achievements?level=national', cookie);
      expect(ids(levels)).toEqual([national.id]);
      expect(levels.json()).toMatchObject({ total: 1, overall: 2 });
      expect(ids(await get('/api/endorsements/user-skills?proficiency=expert', cookie))).toEqual([
        expert.id,
      ]);
      expect((await get('/api/endorsements/achievements?level=galactic', cookie)).statusCode).toBe(400);
    });

    it('narrows by the day submitted, days of the institute time zone', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      // 00:30 on 3 March in Kolkata is still 2 March in UTC.
      const early = await createAchievement(ctx.db, {
        type: 'technical',
        createdAt: kolkata('2026-03-03', '00:30:00'),
      });
      const late = await createAchievement(ctx.db, {
        type: 'technical',
        createdAt: kolkata('2026-03-03', '23:50:00'),
      });
      await createAchievement(ctx.db, {
        type: 'technical',
        createdAt: kolkata('2026-03-04', '00:10:00'),
      });
      await createAchievement(ctx.db, {
        type: 'technical',
        createdAt: kolkata('2026-03-02', '23:59:00'),
      });

      const day = await get('/api/endorsements/achievements?from=2026-03-03&to=2026-03-03', cookie);
      expect(ids(day)).toEqual([early.id, late.id]);
      const since = await get('/api/endorsements/achievements?from=2026-03-04', cookie);
      expect(since.json()).toMatchObject({ total: 1, overall: 4 });
      const reversed = await get('/api/endorsements/achievements?from=2026-03-04&to=2026-03-03', cookie);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().error.fields).toEqual({
        to: 'The end date must be on or after the start date.',
      });
      expect((await get('/api/endorsements/achievements?from=2026-02-30', cookie)).statusCode).toBe(400);
    });

    it('pages a search: each page holds its share and the total counts every match', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const { user: student } = await createStudent(ctx.db, { name: 'Tara Menon' });
      const made = [];
      for (let i = 0; i < 5; i += 1)
        made.push(
          await createAchievement(ctx.db, {
            userId: student.id,
            type: 'sports',
            createdAt: minutesAgo(50 - i),
          }),
        );
      await createAchievement(ctx.db, { type: 'sports' });
      const second = await get('/api/endorsements/achievements?q=tara&page=2&pageSize=2', cookie);
      expect(ids(second)).toEqual([made[2]!.id, made[3]!.id]);
      expect(second.json()).toMatchObject({ total: 5, overall: 6, page: 2, pageSize: 2 });
    });

    it("keeps the search within the official's own types and the export follows the filters", async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const { user: student } = await createStudent(ctx.db, { name: 'Kiran Das' });
      await createAchievement(ctx.db, { userId: student.id, type: 'technical', title: 'Robotics' });
      const mine = await createAchievement(ctx.db, {
        userId: student.id,
        type: 'sports',
        title: 'Relay',
      });
      await createAchievement(ctx.db, { type: 'sports', title: 'Marathon' });
      expect(ids(await get('/api/endorsements/achievements?q=kiran', cookie))).toEqual([mine.id]);

      const csv = await get('/api/endorsements/achievements/export?q=kiran', cookie);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Relay');
      expect(csv.body).not.toContain('Marathon');
      expect(csv.body).not.toContain('Robotics');
    });
  });
});
