import { describe, expect, it } from 'vitest';
import { createAchievement, createEvent, createSkill, createStudent } from '../../../test/factories';
import { useEndorsementDesk, minutesAgo, SECRETARY_TYPES } from '../../../test/endorsement-desk';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const EVERY_TYPE = ['academic', 'cultural', 'other', 'sports', 'technical'];

describe('endorsements', () => {
  const { ctx, get, signedIn, ids } = useEndorsementDesk();

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
        version: 1,
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
});
