import { describe, expect, it } from 'vitest';
import {
  createPosition,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';
import { useEndorsementDesk, minutesAgo, SECRETARY_TYPES } from '../../../test/endorsement-desk';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const EVERY_TYPE = ['academic', 'cultural', 'other', 'sports', 'technical'];

describe('endorsements', () => {
  const { ctx, get, signedIn, ids, claimOf } = useEndorsementDesk();

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
});
