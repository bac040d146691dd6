import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createStudent,
  createUser,
} from '../../../test/factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const TYPE_REQUIRED = 'Feedback type is required';
const TARGET_TYPE_REQUIRED = 'Target type is required';
const TARGET_REQUIRED = 'Target is required';
const COMMENTS_REQUIRED = 'Comments are required';
const RATING_RANGE = 'Rating must be between 1 and 5';
const TARGET_NOT_FOUND = 'Please choose a target from the list.';

describe('POST /api/feedback', () => {
  const ctx = useTestApp();

  const submit = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signedInStudent = async () => {
    const { user } = await createStudent(ctx.db);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowsBy = (authorId: string) =>
    ctx.db.select().from(feedback).where(eq(feedback.authorId, authorId));
  const aboutSomeone = async (overrides: Record<string, unknown> = {}) => ({
    type: 'Suggestion',
    targetType: 'User',
    targetId: (await createUser(ctx.db)).id,
    rating: 4,
    comments: 'Explains the lab tasks clearly.',
    ...overrides,
  });

  it('asks a signed-out visitor to sign in', async () => {
    const response = await submit(await aboutSomeone());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('sends a student who has not finished onboarding to registration and records nothing', async () => {
    const user = await createUser(ctx.db, { onboardingComplete: false });
    const response = await submit(await aboutSomeone(), await signInAs(ctx, user));
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ONBOARDING_REQUIRED');
    expect(await rowsBy(user.id)).toEqual([]);
  });

  it('records feedback about each kind of target in its own column', async () => {
    const { user, cookie } = await signedInStudent();
    const person = await createUser(ctx.db);
    const event = await createEvent(ctx.db);
    const unit = await createOrgUnit(ctx.db);
    const position = await createPosition(ctx.db);
    const cases = [
      { targetType: 'User', targetId: person.id, column: 'targetUserId', type: 'Appreciation' },
      { targetType: 'Event', targetId: event.id, column: 'targetEventId', type: 'Complaint' },
      {
        targetType: 'Club/Organization',
        targetId: unit.id,
        column: 'targetUnitId',
        type: 'General Feedback',
      },
      { targetType: 'POR', targetId: position.id, column: 'targetPositionId', type: 'Query' },
    ] as const;
    for (const { targetType, targetId, column, type } of cases) {
      const response = await submit(
        {
          type,
          targetType,
          targetId,
          rating: 5,
          comments: ` About the ${targetType}. `,
          isAnonymous: false,
        },
        cookie,
      );
      expect(response.statusCode, targetType).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        feedback: {
          id: expect.stringMatching(UUID),
          isAnonymous: false,
          createdAt: expect.stringMatching(ISO_TIME),
        },
      });
      const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, body.feedback.id));
      const targets = {
        targetUserId: null,
        targetEventId: null,
        targetUnitId: null,
        targetPositionId: null,
        [column]: targetId,
      };
      expect(row).toMatchObject({
        type,
        targetType,
        ...targets,
        rating: 5,
        comments: `About the ${targetType}.`,
        isAnonymous: false,
        authorId: user.id,
        isResolved: false,
      });
    }
    expect(await rowsBy(user.id)).toHaveLength(4);
  });

  it('records the signed-in user as the author whatever the body says', async () => {
    const { user, cookie } = await signedInStudent();
    const { user: other } = await createStudent(ctx.db);
    const response = await submit(
      await aboutSomeone({
        feedback_by: other.id,
        authorId: other.id,
        author: other.id,
        author_id: other.id,
      }),
      cookie,
    );
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, response.json().feedback.id));
    expect(row!.authorId).toBe(user.id);
    expect(await rowsBy(other.id)).toEqual([]);
  });

  it('stores a rating left out, blank or 0 as no rating', async () => {
    const { cookie } = await signedInStudent();
    const { rating: _omitted, ...withoutRating } = await aboutSomeone();
    for (const payload of [
      withoutRating,
      await aboutSomeone({ rating: '' }),
      await aboutSomeone({ rating: null }),
      await aboutSomeone({ rating: 0 }),
      await aboutSomeone({ rating: '0' }),
    ]) {
      const response = await submit(payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(201);
      const [row] = await ctx.db
        .select()
        .from(feedback)
        .where(eq(feedback.id, response.json().feedback.id));
      expect(row!.rating).toBeNull();
    }
    for (const rating of [1, '3', 5]) {
      const response = await submit(await aboutSomeone({ rating }), cookie);
      expect(response.statusCode).toBe(201);
      const [row] = await ctx.db
        .select()
        .from(feedback)
        .where(eq(feedback.id, response.json().feedback.id));
      expect(row!.rating).toBe(Number(rating));
    }
  });

  it('refuses a rating outside 1 to 5 or not whole, and records nothing', async () => {
    const { user, cookie } = await signedInStudent();
    for (const rating of [6, -1, 2.5, '10', 'five']) {
      const response = await submit(await aboutSomeone({ rating }), cookie);
      expect(response.statusCode, String(rating)).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { rating: RATING_RANGE },
      });
    }
    expect(await rowsBy(user.id)).toEqual([]);
  });

  it('answers each missing field with the spec message', async () => {
    const { user, cookie } = await signedInStudent();
    const blank = await submit({ type: '', targetType: '', targetId: '', comments: '' }, cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        type: TYPE_REQUIRED,
        targetType: TARGET_TYPE_REQUIRED,
        targetId: TARGET_REQUIRED,
        comments: COMMENTS_REQUIRED,
      },
    });
    const missing = await submit({}, cookie);
    expect(missing.json().error.fields).toEqual({
      type: TYPE_REQUIRED,
      targetType: TARGET_TYPE_REQUIRED,
      targetId: TARGET_REQUIRED,
      comments: COMMENTS_REQUIRED,
    });
    const whitespace = await submit(await aboutSomeone({ comments: ' \n\t  ' }), cookie);
    expect(whitespace.json().error.fields).toEqual({ comments: COMMENTS_REQUIRED });
    const unknownType = await submit(
      await aboutSomeone({ type: 'Praise', targetType: 'Hostel' }),
      cookie,
    );
    expect(unknownType.json().error.fields).toEqual({
      type: TYPE_REQUIRED,
      targetType: TARGET_TYPE_REQUIRED,
    });
    const notAnId = await submit(await aboutSomeone({ targetId: 'Aarav Sharma' }), cookie);
    expect(notAnId.json().error.fields).toEqual({ targetId: TARGET_REQUIRED });
    expect(await rowsBy(user.id)).toEqual([]);
  });

  it('refuses a target of another type, one that does not exist and an unproven account', async () => {
    const { user, cookie } = await signedInStudent();
    const event = await createEvent(ctx.db);
    const person = await createUser(ctx.db);
    const unproven = await createUser(ctx.db, { emailVerifiedAt: null });
    const mismatches = [
      { targetType: 'User', targetId: event.id },
      { targetType: 'Event', targetId: person.id },
      { targetType: 'Club/Organization', targetId: event.id },
      { targetType: 'POR', targetId: person.id },
      { targetType: 'Event', targetId: '11111111-2222-4333-8444-555555555555' },
      { targetType: 'User', targetId: unproven.id },
    ];
    for (const mismatch of mismatches) {
      const response = await submit(await aboutSomeone(mismatch), cookie);
      expect(response.statusCode, JSON.stringify(mismatch)).toBe(400);
      expect(response.json().error).toMatchObject({
        message: TARGET_NOT_FOUND,
        fields: { targetId: TARGET_NOT_FOUND },
      });
    }
    expect(await rowsBy(user.id)).toEqual([]);
  });

  it('never names the author of anonymous feedback', async () => {
    const { user: author } = await createStudent(ctx.db, {
      name: 'Zorawar Khanna',
      username: 'zkhanna77',
    });
    const cookie = await signInAs(ctx, author);
    const { user: target } = await createStudent(ctx.db);
    const response = await submit(
      await aboutSomeone({ targetId: target.id, isAnonymous: true, type: 'Complaint' }),
      cookie,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      feedback: {
        id: expect.stringMatching(UUID),
        isAnonymous: true,
        createdAt: expect.stringMatching(ISO_TIME),
      },
    });
    for (const secret of [
      author.id,
      'Zorawar',
      'Khanna',
      'zkhanna77',
      author.email,
      author.studentId!,
    ]) {
      expect(response.body).not.toContain(secret);
    }
    // The person the feedback is about sees nothing of its author either.
    const targetsView = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/dashboard',
      headers: { cookie: await signInAs(ctx, target) },
    });
    expect(targetsView.statusCode).toBe(200);
    for (const secret of [author.id, 'Zorawar', 'Khanna', 'zkhanna77', author.email]) {
      expect(targetsView.body).not.toContain(secret);
    }
    const [row] = await ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, response.json().feedback.id));
    expect(row).toMatchObject({ isAnonymous: true, authorId: author.id, targetUserId: target.id });
  });

  it('answers 429 after 30 submissions in an hour from one person, and not to another', async () => {
    const { user, cookie } = await signedInStudent();
    const target = await createUser(ctx.db);
    const payload = { type: 'Other', targetType: 'User', targetId: target.id, comments: 'Again.' };
    for (let index = 1; index <= 30; index += 1) {
      const response = await submit(payload, cookie);
      expect(response.statusCode, `submission ${index}`).toBe(201);
    }
    const refused = await submit(payload, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(await rowsBy(user.id)).toHaveLength(30);

    const { cookie: otherCookie } = await signedInStudent();
    expect((await submit(payload, otherCookie)).statusCode).toBe(201);
  });
});
