import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createFeedback, createUser } from '../../../test/factories';
import { emptyFeedbackBeforeEach, feedbackDeskOf } from '../../../test/feedback-desk-client';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MISSING_ID = '0b7e4c1a-9d2f-4a6b-8c3e-5f1a2b3c4d5e';

const ACTIONS_REQUIRED = 'Please enter actions taken.';
const ACTIONS_TOO_LONG = 'Actions taken must be at most 2000 characters.';
const ALREADY_RESOLVED = 'Another official resolved this feedback first.';
const ABOUT_YOU = 'Feedback about you is resolved by another official.';
const NOT_VISIBLE = 'This feedback does not exist or is not yours to see.';

describe('the feedback desk', () => {
  const ctx = useTestApp();

  const { list, resolve, signedIn, signedInStudent, rowOf, activityOf } = feedbackDeskOf(ctx);
  emptyFeedbackBeforeEach(ctx);

  describe('access', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const item = await createFeedback(ctx.db);
      const listed = await list(undefined);
      expect(listed.statusCode).toBe(401);
      expect(listed.json().error.code).toBe('UNAUTHENTICATED');
      const resolved = await resolve(item.id, undefined);
      expect(resolved.statusCode).toBe(401);
      expect(resolved.json().error.code).toBe('UNAUTHENTICATED');
      expect(await rowOf(item.id)).toMatchObject({ isResolved: false, resolvedBy: null });
    });

    it('sends a student who has not finished onboarding to registration', async () => {
      const user = await createUser(ctx.db, { onboardingComplete: false });
      const response = await list(await signInAs(ctx, user));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
    });

    it('refuses a student resolving feedback, even feedback they gave, and changes nothing', async () => {
      const { user, cookie } = await signedInStudent();
      const item = await createFeedback(ctx.db, { authorId: user.id });
      for (const payload of [{ actionsTaken: 'I fixed it myself.' }, { actionsTaken: '' }]) {
        const response = await resolve(item.id, cookie, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(await rowOf(item.id)).toMatchObject({
        isResolved: false,
        actionsTaken: null,
        resolvedBy: null,
        resolvedAt: null,
      });
      expect(await activityOf(item.id)).toEqual([]);
    });
  });

  describe('POST /api/feedback/:id/resolution', () => {
    it('marks the feedback resolved by the official, with the actions taken, and logs it', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SCITECH');
      const { user: author, cookie: authorCookie } = await signedInStudent();
      const item = await createFeedback(ctx.db, {
        type: 'Complaint',
        targetType: 'Event',
        authorId: author.id,
      });

      const response = await resolve(item.id, cookie, {
        actionsTaken: '  Added two more lab sessions.\nShared the slides.  ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().feedback).toMatchObject({
        id: item.id,
        isResolved: true,
        actionsTaken: 'Added two more lab sessions.\nShared the slides.',
        resolvedBy: { name: official.name },
        resolvedAt: expect.stringMatching(ISO_TIME),
        canResolve: false,
      });
      const row = await rowOf(item.id);
      expect(row).toMatchObject({
        isResolved: true,
        resolvedBy: official.id,
        actionsTaken: 'Added two more lab sessions.\nShared the slides.',
      });
      expect(row.resolvedAt).toBeInstanceOf(Date);
      const activity = await activityOf(item.id);
      expect(activity).toHaveLength(1);
      expect(activity[0]).toMatchObject({
        type: 'approval',
        actorId: official.id,
        subjectType: 'feedback',
      });

      // The author sees it resolved with the actions.
      const authorView = (await list(authorCookie)).json().items[0];
      expect(authorView).toMatchObject({
        id: item.id,
        isResolved: true,
        actionsTaken: 'Added two more lab sessions.\nShared the slides.',
        resolvedBy: { name: official.name },
      });
    });

    it('lets the first resolver win; a second hears 409 and changes nothing', async () => {
      const { user: first, cookie: firstCookie } = await signedIn('GENSEC_CULTURAL');
      const { cookie: secondCookie } = await signedIn('PRESIDENT');
      const item = await createFeedback(ctx.db);
      expect((await resolve(item.id, firstCookie, { actionsTaken: 'First answer.' })).statusCode).toBe(
        200,
      );
      for (const cookie of [secondCookie, firstCookie]) {
        const again = await resolve(item.id, cookie, { actionsTaken: 'Second answer.' });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_RESOLVED });
      }
      expect(await rowOf(item.id)).toMatchObject({
        resolvedBy: first.id,
        actionsTaken: 'First answer.',
      });
      expect(await activityOf(item.id)).toHaveLength(1);
    });

    it('leaves feedback about the official to another official', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_ACADEMIC');
      const { cookie: president } = await signedIn('PRESIDENT');
      const item = await createFeedback(ctx.db, { targetUserId: official.id });
      const refused = await resolve(item.id, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ code: 'FORBIDDEN', message: ABOUT_YOU });
      expect(await rowOf(item.id)).toMatchObject({ isResolved: false, resolvedBy: null });
      expect(await activityOf(item.id)).toEqual([]);
      expect((await resolve(item.id, president)).statusCode).toBe(200);
    });

    it('asks for actions taken of at most 2000 visible characters', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const item = await createFeedback(ctx.db);
      const cases: [object, string][] = [
        [{ actionsTaken: '' }, ACTIONS_REQUIRED],
        [{ actionsTaken: '  \n\t ' }, ACTIONS_REQUIRED],
        [{}, ACTIONS_REQUIRED],
        [{ actionsTaken: null }, ACTIONS_REQUIRED],
        [{ actionsTaken: 'z'.repeat(2001) }, ACTIONS_TOO_LONG],
        [{ actionsTaken: 'Fixed\u202e' }, 'Use visible characters only.'],
      ];
      for (const [payload, message] of cases) {
        const response = await resolve(item.id, cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { actionsTaken: message },
        });
      }
      expect(await rowOf(item.id)).toMatchObject({ isResolved: false, actionsTaken: null });
      expect((await resolve(item.id, cookie, { actionsTaken: 'z'.repeat(2000) })).statusCode).toBe(200);
    });

    it('answers 404 for unknown feedback and 400 for a malformed id', async () => {
      const { cookie } = await signedIn('GENSEC_SPORTS');
      const missing = await resolve(MISSING_ID, cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_VISIBLE });
      for (const id of ['12', 'not-an-id']) {
        const response = await resolve(id, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { id: 'Not a valid id.' },
        });
      }
    });
  });
});
