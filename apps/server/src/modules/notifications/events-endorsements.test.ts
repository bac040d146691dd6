import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createAchievement, createEvent, createSkill, createUserSkill } from '../../../test/factories';
import { campusOf, clientOf, sorted, startEachTestAfresh, unread } from '../../../test/events-inbox';

const ACHIEVEMENTS_TAB = '/gensec-endorse?tab=achievements';
const USER_SKILLS_TAB = '/gensec-endorse?tab=user-skills';
const SKILLS_TAB = '/gensec-endorse?tab=skills';

const achievementForm = (title: string, type: string) => ({
  title,
  category: 'Competition',
  type,
  dateAchieved: '2025-08-30',
});
const queue = (to: string, outcome: string, subject: string, link: string, items = 1) => ({
  to,
  kind: 'queue',
  outcome,
  subject,
  detail: null,
  link,
  items,
});

describe('notifications of achievements and skills', () => {
  const ctx = useTestApp();
  const api = clientOf(ctx);
  startEachTestAfresh(ctx);

  describe('officials hear what arrives in their queue', () => {
    it("three technical achievements of a club member at the club's event: one notification each, counting 3, for the technical secretary, the president and the club's coordinator", async () => {
      const { club, people } = await campusOf(ctx);
      // Tied to the club through its event, at the college level: the coordinator verifies them.
      const event = await createEvent(ctx.db, { organizingUnitId: club.id });
      for (const title of ['Robocon finalist', 'Hackathon winner', 'Drone race third'])
        expect(
          (
            await api.post('/api/me/achievements', people.member.cookie, {
              ...achievementForm(title, 'technical'),
              eventId: event.id,
              level: 'college',
            })
          ).statusCode,
        ).toBe(201);

      expect(await unread(ctx, people)).toEqual(
        sorted([
          queue('tech', 'achievements', 'Drone race third', ACHIEVEMENTS_TAB, 3),
          queue('president', 'achievements', 'Drone race third', ACHIEVEMENTS_TAB, 3),
          queue('coordinator', 'achievements', 'Drone race third', ACHIEVEMENTS_TAB, 3),
        ]),
      );
    });

    it("an 'other' achievement of a student of no club reaches the president alone; the president's own reaches the four secretaries", async () => {
      const { people } = await campusOf(ctx);
      await api.post(
        '/api/me/achievements',
        people.loner.cookie,
        achievementForm('Blood donation drive', 'other'),
      );
      expect(await unread(ctx, people)).toEqual([
        queue('president', 'achievements', 'Blood donation drive', ACHIEVEMENTS_TAB),
      ]);

      expect(
        (
          await api.post(
            '/api/me/achievements',
            people.president.cookie,
            achievementForm('Model UN chair', 'other'),
          )
        ).statusCode,
      ).toBe(201);
      expect(await unread(ctx, people)).toEqual(
        sorted([
          queue('president', 'achievements', 'Blood donation drive', ACHIEVEMENTS_TAB),
          queue('acad', 'achievements', 'Model UN chair', ACHIEVEMENTS_TAB),
          queue('cult', 'achievements', 'Model UN chair', ACHIEVEMENTS_TAB),
          queue('sport', 'achievements', 'Model UN chair', ACHIEVEMENTS_TAB),
          queue('tech', 'achievements', 'Model UN chair', ACHIEVEMENTS_TAB),
        ]),
      );
    });

    it("a claim of a catalogue skill naming the club's position reaches its type's secretary, the president and the club's coordinator; the same claim again (409) adds nothing", async () => {
      const { seat, people } = await campusOf(ctx);
      const skill = await createSkill(ctx.db, {
        name: 'Bharatanatyam',
        type: 'cultural',
        isEndorsed: true,
      });
      // Tied to the club through the seat it names: the coordinator reviews it.
      const claim = { skillId: skill.id, positionId: seat.id };
      expect((await api.post('/api/me/skills', people.member.cookie, claim)).statusCode).toBe(201);
      const expected = sorted([
        queue('cult', 'user-skills', 'Bharatanatyam', USER_SKILLS_TAB),
        queue('president', 'user-skills', 'Bharatanatyam', USER_SKILLS_TAB),
        queue('coordinator', 'user-skills', 'Bharatanatyam', USER_SKILLS_TAB),
      ]);
      expect(await unread(ctx, people)).toEqual(expected);

      expect((await api.post('/api/me/skills', people.member.cookie, claim)).statusCode).toBe(409);
      expect(await unread(ctx, people)).toEqual(expected);
    });

    it('a new skill proposed by a student of no club: the skills queue and the claims queue of its secretary and the president', async () => {
      const { people } = await campusOf(ctx);
      const newSkill = { name: 'Kabaddi raiding', category: 'Field sports', type: 'sports' };
      expect((await api.post('/api/me/skills', people.loner.cookie, { newSkill })).statusCode).toBe(201);
      expect(await unread(ctx, people)).toEqual(
        sorted([
          queue('sport', 'skills', 'Kabaddi raiding', SKILLS_TAB),
          queue('sport', 'user-skills', 'Kabaddi raiding', USER_SKILLS_TAB),
          queue('president', 'skills', 'Kabaddi raiding', SKILLS_TAB),
          queue('president', 'user-skills', 'Kabaddi raiding', USER_SKILLS_TAB),
        ]),
      );
    });

    it('an official claiming a skill or adding an achievement is not told of their own item', async () => {
      const { people } = await campusOf(ctx);
      const skill = await createSkill(ctx.db, {
        name: 'Public speaking',
        type: 'academic',
        isEndorsed: true,
      });
      expect(
        (await api.post('/api/me/skills', people.acad.cookie, { skillId: skill.id })).statusCode,
      ).toBe(201);
      expect(
        (
          await api.post(
            '/api/me/achievements',
            people.acad.cookie,
            achievementForm('Debate cup', 'academic'),
          )
        ).statusCode,
      ).toBe(201);
      expect(await unread(ctx, people)).toEqual(
        sorted([
          queue('president', 'user-skills', 'Public speaking', USER_SKILLS_TAB),
          queue('president', 'achievements', 'Debate cup', ACHIEVEMENTS_TAB),
        ]),
      );
    });
  });

  describe('a student hears the decision on their own item', () => {
    it('an achievement verified, another declined with the reason: the student alone is told', async () => {
      const { club, people } = await campusOf(ctx);
      const kept = await createAchievement(ctx.db, {
        userId: people.member.id,
        title: 'Inter-IIT gold',
        type: 'sports',
      });
      // At the club's event, at the college level: its coordinator may decline it.
      const refused = await createAchievement(ctx.db, {
        userId: people.member.id,
        title: 'Marathon finisher',
        type: 'sports',
        level: 'college',
        eventId: (await createEvent(ctx.db, { organizingUnitId: club.id })).id,
      });
      expect(
        (await api.post(`/api/endorsements/achievements/${kept.id}/verify`, people.sport.cookie))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await api.post(
            `/api/endorsements/achievements/${refused.id}/decline`,
            people.coordinator.cookie,
            { reason: 'No certificate attached.' },
          )
        ).statusCode,
      ).toBe(200);

      expect(await unread(ctx, people)).toEqual(
        sorted([
          {
            to: 'member',
            kind: 'achievement',
            outcome: 'verified',
            subject: 'Inter-IIT gold',
            detail: null,
            link: '/view-achievements',
            items: 1,
          },
          {
            to: 'member',
            kind: 'achievement',
            outcome: 'declined',
            subject: 'Marathon finisher',
            detail: 'No certificate attached.',
            link: '/view-achievements',
            items: 1,
          },
        ]),
      );
    });

    it("a claim endorsed, another declined, and a proposed skill endorsed: the claimant and the proposer are told on '/skills'", async () => {
      const { people } = await campusOf(ctx);
      const chess = await createUserSkill(ctx.db, {
        userId: people.member.id,
        skillId: (await createSkill(ctx.db, { name: 'Chess', type: 'sports', isEndorsed: true })).id,
      });
      const sitar = await createUserSkill(ctx.db, {
        userId: people.member.id,
        skillId: (await createSkill(ctx.db, { name: 'Sitar', type: 'cultural', isEndorsed: true })).id,
      });
      const proposed = await createSkill(ctx.db, {
        name: 'Origami',
        type: 'cultural',
        createdBy: people.loner.id,
      });
      expect(
        (await api.post(`/api/endorsements/user-skills/${chess.id}/endorse`, people.sport.cookie))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await api.post(`/api/endorsements/user-skills/${sitar.id}/decline`, people.president.cookie, {
            reason: 'Show it at the cultural night first.',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await api.post(`/api/endorsements/skills/${proposed.id}/endorse`, people.cult.cookie))
          .statusCode,
      ).toBe(200);

      expect(await unread(ctx, people)).toEqual(
        sorted([
          {
            to: 'member',
            kind: 'skill',
            outcome: 'endorsed',
            subject: 'Chess',
            detail: null,
            link: '/skills',
            items: 1,
          },
          {
            to: 'member',
            kind: 'skill',
            outcome: 'declined',
            subject: 'Sitar',
            detail: 'Show it at the cultural night first.',
            link: '/skills',
            items: 1,
          },
          {
            to: 'loner',
            kind: 'skill',
            outcome: 'endorsed',
            subject: 'Origami',
            detail: null,
            link: '/skills',
            items: 1,
          },
        ]),
      );
    });

    it('a decision that does not land (409 after a decline, 403 for another type) and a second endorsement tell nobody', async () => {
      const { people } = await campusOf(ctx);
      const achievement = await createAchievement(ctx.db, {
        userId: people.loner.id,
        title: 'Quiz runner-up',
        type: 'academic',
      });
      await api.post(`/api/endorsements/achievements/${achievement.id}/decline`, people.acad.cookie, {
        reason: 'Not a college event.',
      });
      const claim = await createUserSkill(ctx.db, {
        userId: people.loner.id,
        skillId: (await createSkill(ctx.db, { name: 'Calculus', type: 'academic', isEndorsed: true }))
          .id,
      });
      await api.post(`/api/endorsements/user-skills/${claim.id}/endorse`, people.acad.cookie);
      const decided = await unread(ctx, people);
      expect(decided.map((told) => `${told.to} ${told.kind} ${told.outcome}`)).toEqual([
        'loner achievement declined',
        'loner skill endorsed',
      ]);

      expect(
        (
          await api.post(
            `/api/endorsements/achievements/${achievement.id}/verify`,
            people.president.cookie,
          )
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await api.post(`/api/endorsements/user-skills/${claim.id}/decline`, people.president.cookie, {
            reason: 'Too late.',
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await api.post(`/api/endorsements/user-skills/${claim.id}/endorse`, people.president.cookie)
        ).json().alreadyDone,
      ).toBe(true);
      const other = await createAchievement(ctx.db, { userId: people.loner.id, type: 'academic' });
      expect(
        (await api.post(`/api/endorsements/achievements/${other.id}/verify`, people.tech.cookie))
          .statusCode,
      ).toBe(403);
      expect(await unread(ctx, people)).toEqual(decided);
    });
  });
});
