import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createEvent, createStudent, createUser } from '../../../test/factories';
import { achievementClientOf } from '../../../test/achievement-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ACHIEVEMENT_CODE = /^ACH-\d{5,}$/;

const TITLE_REQUIRED = 'Title is required';
const TYPE_REQUIRED = 'Type is required';
const CATEGORY_REQUIRED = 'Category is required';
const DATE_REQUIRED = 'Date achieved is required';
const DATE_IN_FUTURE = 'Date achieved cannot be in the future';
const DATE_NOT_REAL = 'Date achieved must be a real date, from 1950 on';
const CERTIFICATE_INVALID = 'Certificate URL must be a valid http or https address';
const EVENT_INVALID = 'Please choose an event from the list.';

/** A calendar date `days` from today in UTC, 'YYYY-MM-DD'. */
const daysFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

describe('achievements', () => {
  const ctx = useTestApp();

  const { post, list, signedInStudent, rowsOf, form } = achievementClientOf(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const added = await post(form());
      expect(added.statusCode).toBe(401);
      expect(added.json().error.code).toBe('UNAUTHENTICATED');
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/me/achievements' });
      expect(listed.statusCode).toBe(401);
      expect(listed.json().error.code).toBe('UNAUTHENTICATED');
    });

    it('sends a student who has not finished onboarding to registration and records nothing', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const cookie = await signInAs(ctx, user);
      const added = await post(form(), cookie);
      expect(added.statusCode).toBe(403);
      expect(added.json().error.code).toBe('ONBOARDING_REQUIRED');
      const listed = await list(cookie);
      expect(listed.statusCode).toBe(403);
      expect(listed.json().error.code).toBe('ONBOARDING_REQUIRED');
      expect(await rowsOf(user.id)).toEqual([]);
    });
  });

  describe('POST /api/me/achievements', () => {
    it('records every field as pending verification for the signed-in student, whatever the body claims', async () => {
      const { user, cookie } = await signedInStudent();
      const { user: other } = await createStudent(ctx.db);
      const official = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
      const event = await createEvent(ctx.db, {
        title: 'Robo Wars 2025',
        description: 'Robots fight in the arena.',
      });

      const response = await post(
        {
          title: '  Robo Wars champion ',
          description: 'Built a wedge bot that won every round.',
          category: 'Robotics',
          type: 'technical',
          level: 'National',
          eventId: event.id,
          dateAchieved: '2025-09-14',
          position: '1st',
          certificateUrl: 'https://certificates.example.org/robo-wars/42.pdf',
          verified: true,
          verifiedBy: official.id,
          verified_by: official.id,
          userId: other.id,
          user_id: other.id,
        },
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        achievement: {
          id: expect.stringMatching(UUID),
          achievementCode: expect.stringMatching(ACHIEVEMENT_CODE),
          title: 'Robo Wars champion',
          description: 'Built a wedge bot that won every round.',
          category: 'Robotics',
          type: 'technical',
          level: 'National',
          event: { id: event.id, title: 'Robo Wars 2025', description: 'Robots fight in the arena.' },
          dateAchieved: '2025-09-14',
          position: '1st',
          certificateUrl: 'https://certificates.example.org/robo-wars/42.pdf',
          verified: false,
          verifiedBy: null,
          verifiedAt: null,
          declineReason: null,
          version: 1,
          history: [],
          createdAt: expect.stringMatching(ISO_TIME),
        },
      });
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        verified: false,
        verifiedBy: null,
        verifiedAt: null,
        eventId: event.id,
      });
      expect(await rowsOf(other.id)).toEqual([]);
    });

    it('records only the required fields, leaving the optional ones empty', async () => {
      const { cookie } = await signedInStudent();
      const response = await post(
        form({ description: '', level: ' ', eventId: '', position: '', certificateUrl: '' }),
        cookie,
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().achievement).toMatchObject({
        title: 'Smart India Hackathon winner',
        category: 'Hackathon',
        type: 'technical',
        dateAchieved: '2025-08-30',
        description: null,
        level: null,
        event: null,
        position: null,
        certificateUrl: null,
        verified: false,
        verifiedBy: null,
      });
    });

    it('answers each missing required field with the spec message', async () => {
      const { user, cookie } = await signedInStudent();
      const missing = await post({}, cookie);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: {
          title: TITLE_REQUIRED,
          type: TYPE_REQUIRED,
          category: CATEGORY_REQUIRED,
          dateAchieved: DATE_REQUIRED,
        },
      });
      const blank = await post({ title: '   ', type: '', category: ' ', dateAchieved: '' }, cookie);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({
        title: TITLE_REQUIRED,
        type: TYPE_REQUIRED,
        category: CATEGORY_REQUIRED,
        dateAchieved: DATE_REQUIRED,
      });

      const wrongType = await post(form({ type: 'musical' }), cookie);
      expect(wrongType.json().error.fields).toEqual({ type: TYPE_REQUIRED });
      for (const dateAchieved of ['2025-02-30', '2026-1-1', 'garbage', '1949-12-31']) {
        const notADate = await post(form({ dateAchieved }), cookie);
        expect(notADate.json().error.fields).toEqual({ dateAchieved: DATE_NOT_REAL });
      }
      expect(await rowsOf(user.id)).toEqual([]);
    });

    it('refuses a date achieved in the future and accepts today', async () => {
      const { user, cookie } = await signedInStudent();
      for (const dateAchieved of [daysFromToday(3), daysFromToday(30), '2099-12-31']) {
        const response = await post(form({ dateAchieved }), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { dateAchieved: DATE_IN_FUTURE },
        });
      }
      expect(await rowsOf(user.id)).toEqual([]);
      const today = await post(form({ dateAchieved: daysFromToday(0) }), cookie);
      expect(today.statusCode).toBe(201);
    });

    it('refuses a certificate address that is not http or https', async () => {
      const { user, cookie } = await signedInStudent();
      for (const certificateUrl of [
        'javascript:alert(1)',
        'ftp://files.example.org/certificate.pdf',
        'data:text/html,<b>hi</b>',
        'not a url',
      ]) {
        const response = await post(form({ certificateUrl }), cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ certificateUrl: CERTIFICATE_INVALID });
      }
      expect(await rowsOf(user.id)).toEqual([]);
      const http = await post(
        form({ certificateUrl: 'http://results.example.org/2025/winners' }),
        cookie,
      );
      expect(http.statusCode).toBe(201);
      expect(http.json().achievement.certificateUrl).toBe('http://results.example.org/2025/winners');
    });

    it('refuses an event that does not exist', async () => {
      const { user, cookie } = await signedInStudent();
      const response = await post(form({ eventId: 'a2b3c4d5-e6f7-4a8b-9c0d-1e2f3a4b5c6d' }), cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        message: EVENT_INVALID,
        fields: { eventId: EVENT_INVALID },
      });
      const notAnId = await post(form({ eventId: 'robo-wars' }), cookie);
      expect(notAnId.statusCode).toBe(400);
      expect(await rowsOf(user.id)).toEqual([]);
    });
  });

  it('answers 429 after 50 achievements in an hour from one student, and not to another', async () => {
    const { user, cookie } = await signedInStudent();
    for (let index = 1; index <= 50; index += 1) {
      const response = await post(form({ title: `Quiz round ${index}` }), cookie);
      expect(response.statusCode, `achievement ${index}`).toBe(201);
    }
    const refused = await post(form({ title: 'Quiz round 51' }), cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
    expect(await rowsOf(user.id)).toHaveLength(50);

    const { cookie: otherCookie } = await signedInStudent();
    expect((await post(form(), otherCookie)).statusCode).toBe(201);
  });
});
