import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { activityLog, feedback } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MISSING_ID = '0b7e4c1a-9d2f-4a6b-8c3e-5f1a2b3c4d5e';

const ACTIONS_REQUIRED = 'Please enter actions taken.';
const ACTIONS_TOO_LONG = 'Actions taken must be at most 2000 characters.';
const ALREADY_RESOLVED = 'Another official resolved this feedback first.';
const ABOUT_YOU = 'Feedback about you is resolved by another official.';
const NOT_VISIBLE = 'This feedback does not exist or is not yours to see.';

const OFFICIALS = [
  'GENSEC_SCITECH',
  'GENSEC_ACADEMIC',
  'GENSEC_CULTURAL',
  'GENSEC_SPORTS',
  'PRESIDENT',
] as const;
type Role = (typeof OFFICIALS)[number] | 'CLUB_COORDINATOR';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
let unique = 0;
/** A name no other test of this file uses (unit names are unique). */
const named = (name: string) => `${name} ${(unique += 1)}`;

describe('the feedback desk', () => {
  const ctx = useTestApp();

  const list = (cookie: string | undefined, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/feedback${query}`, headers: cookie ? { cookie } : {} });
  const resolve = (
    id: string,
    cookie: string | undefined,
    payload: object = { actionsTaken: 'Spoke to the people involved.' },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/feedback/${id}/resolution`,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) => {
    const user = await createUser(ctx.db, { role, ...overrides });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const signedInStudent = async (overrides: { name?: string; username?: string } = {}) => {
    const { user } = await createStudent(ctx.db, overrides);
    return { user, cookie: await signInAs(ctx, user) };
  };
  const rowOf = async (id: string) =>
    (await ctx.db.select().from(feedback).where(eq(feedback.id, id)))[0]!;
  const ids = (response: { json(): { items: { id: string }[] } }) =>
    response.json().items.map((item) => item.id);
  const activityOf = (subjectId: string) =>
    ctx.db.select().from(activityLog).where(eq(activityLog.subjectId, subjectId));

  // Every test starts with no feedback, so lists and counts are exactly what the test created.
  beforeEach(async () => {
    await ctx.db.delete(activityLog);
    await ctx.db.delete(feedback);
  });

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

  describe('GET /api/feedback', () => {
    it('shows a student only the feedback they gave, which they cannot resolve', async () => {
      const { user, cookie } = await signedInStudent({
        name: 'Nisha Kulkarni',
        username: 'nkulkarni31',
      });
      const first = await createFeedback(ctx.db, { authorId: user.id, createdAt: minutesAgo(30) });
      const second = await createFeedback(ctx.db, {
        authorId: user.id,
        type: 'Complaint',
        createdAt: minutesAgo(10),
      });
      await createFeedback(ctx.db);
      await createFeedback(ctx.db, { targetUserId: user.id });

      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(ids(response)).toEqual([second.id, first.id]);
      expect(body).toMatchObject({
        total: 2,
        overall: 2,
        page: 1,
        pageSize: 20,
        counts: { all: 2, resolved: 0, unresolved: 2 },
        resolver: false,
      });
      for (const item of body.items) {
        expect(item).toMatchObject({
          mine: true,
          canResolve: false,
          author: { name: 'Nisha Kulkarni', username: 'nkulkarni31' },
        });
      }
    });

    it.each(OFFICIALS)(
      'shows %s all the feedback, each card naming its target and author',
      async (role) => {
        const { cookie } = await signedIn(role);
        const { user: author } = await createStudent(ctx.db, {
          name: 'Farhan Qureshi',
          username: `fqureshi${(unique += 1)}`,
        });
        const { user: target } = await createStudent(ctx.db, {
          name: 'Lakshmi Pillai',
          username: `lpillai${(unique += 1)}`,
        });
        const item = await createFeedback(ctx.db, {
          type: 'Appreciation',
          targetType: 'User',
          targetUserId: target.id,
          authorId: author.id,
          rating: 5,
          comments: 'Explains the lab tasks clearly.',
          createdAt: minutesAgo(60),
        });
        await createFeedback(ctx.db, { targetType: 'Event', createdAt: minutesAgo(50) });
        await createFeedback(ctx.db, { targetType: 'Club/Organization', createdAt: minutesAgo(40) });
        await createFeedback(ctx.db, { targetType: 'POR', createdAt: minutesAgo(30) });

        const response = await list(cookie);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({
          total: 4,
          overall: 4,
          counts: { all: 4, resolved: 0, unresolved: 4 },
          resolver: true,
        });
        expect(body.items.at(-1)).toEqual({
          id: item.id,
          type: 'Appreciation',
          targetType: 'User',
          target: { label: 'Lakshmi Pillai', detail: target.username },
          rating: 5,
          comments: 'Explains the lab tasks clearly.',
          isAnonymous: false,
          author: { name: 'Farhan Qureshi', username: author.username },
          mine: false,
          createdAt: expect.stringMatching(ISO_TIME),
          isResolved: false,
          actionsTaken: null,
          resolvedBy: null,
          resolvedAt: null,
          canResolve: true,
        });
      },
    );

    it('names every kind of target and never gives a target id', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      const committee = await createOrgUnit(ctx.db, {
        name: named('Cultural Committee'),
        type: 'committee',
      });
      const club = await createOrgUnit(ctx.db, {
        name: named('Dramatics Club'),
        parentId: committee.id,
      });
      const event = await createEvent(ctx.db, { title: 'Street Play Night', organizingUnitId: club.id });
      const position = await createPosition(ctx.db, { title: 'Stage Manager', unitId: club.id });
      const { user: person } = await createStudent(ctx.db, {
        name: 'Ira Banerjee',
        username: `ibanerjee${(unique += 1)}`,
      });
      const orphanEvent = await createEvent(ctx.db, { title: 'Open Mic', organizingUnitId: null });
      await createFeedback(ctx.db, {
        targetType: 'User',
        targetUserId: person.id,
        createdAt: minutesAgo(50),
      });
      await createFeedback(ctx.db, {
        targetType: 'Event',
        targetEventId: event.id,
        createdAt: minutesAgo(40),
      });
      await createFeedback(ctx.db, {
        targetType: 'Club/Organization',
        targetUnitId: club.id,
        createdAt: minutesAgo(30),
      });
      await createFeedback(ctx.db, {
        targetType: 'POR',
        targetPositionId: position.id,
        createdAt: minutesAgo(20),
      });
      await createFeedback(ctx.db, {
        targetType: 'Event',
        targetEventId: orphanEvent.id,
        createdAt: minutesAgo(10),
      });

      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      expect(
        response
          .json()
          .items.map((item: { targetType: string; target: unknown }) => [item.targetType, item.target]),
      ).toEqual([
        ['Event', { label: 'Open Mic', detail: null }],
        ['POR', { label: 'Stage Manager', detail: club.name }],
        ['Club/Organization', { label: club.name, detail: committee.name }],
        ['Event', { label: 'Street Play Night', detail: club.name }],
        ['User', { label: 'Ira Banerjee', detail: person.username }],
      ]);
      for (const id of [person.id, event.id, club.id, position.id, committee.id, orphanEvent.id])
        expect(response.body).not.toContain(id);
    });

    it('filters by status and type; the counts follow the type filter only', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_CULTURAL');
      const done = {
        isResolved: true,
        actionsTaken: 'Done.',
        resolvedBy: official.id,
        resolvedAt: new Date(),
      };
      const suggestions = [
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(50) }),
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(40) }),
        await createFeedback(ctx.db, { type: 'Suggestion', createdAt: minutesAgo(30), ...done }),
      ];
      const complaints = [
        await createFeedback(ctx.db, { type: 'Complaint', createdAt: minutesAgo(20), ...done }),
        await createFeedback(ctx.db, { type: 'Complaint', createdAt: minutesAgo(10), ...done }),
      ];
      const check = async (
        query: string,
        expected: {
          ids: string[];
          total: number;
          counts: { all: number; resolved: number; unresolved: number };
        },
      ) => {
        const response = await list(cookie, query);
        expect(response.statusCode, query).toBe(200);
        expect(ids(response), query).toEqual(expected.ids);
        expect(response.json(), query).toMatchObject({
          total: expected.total,
          overall: 5,
          counts: expected.counts,
        });
      };
      const everything = { all: 5, resolved: 3, unresolved: 2 };
      await check('', {
        ids: [
          complaints[1]!.id,
          complaints[0]!.id,
          suggestions[2]!.id,
          suggestions[1]!.id,
          suggestions[0]!.id,
        ],
        total: 5,
        counts: everything,
      });
      await check('?status=all', {
        ids: [
          complaints[1]!.id,
          complaints[0]!.id,
          suggestions[2]!.id,
          suggestions[1]!.id,
          suggestions[0]!.id,
        ],
        total: 5,
        counts: everything,
      });
      await check('?status=resolved', {
        ids: [complaints[1]!.id, complaints[0]!.id, suggestions[2]!.id],
        total: 3,
        counts: everything,
      });
      await check('?status=unresolved', {
        ids: [suggestions[1]!.id, suggestions[0]!.id],
        total: 2,
        counts: everything,
      });
      await check('?type=Complaint', {
        ids: [complaints[1]!.id, complaints[0]!.id],
        total: 2,
        counts: { all: 2, resolved: 2, unresolved: 0 },
      });
      await check('?type=Complaint&status=unresolved', {
        ids: [],
        total: 0,
        counts: { all: 2, resolved: 2, unresolved: 0 },
      });
      await check('?type=Suggestion&status=resolved', {
        ids: [suggestions[2]!.id],
        total: 1,
        counts: { all: 3, resolved: 1, unresolved: 2 },
      });
      await check('?type=General%20Feedback', {
        ids: [],
        total: 0,
        counts: { all: 0, resolved: 0, unresolved: 0 },
      });

      const resolvedCard = (await list(cookie, '?status=resolved')).json().items[0];
      expect(resolvedCard).toMatchObject({
        isResolved: true,
        actionsTaken: 'Done.',
        resolvedBy: { name: official.name },
        resolvedAt: expect.stringMatching(ISO_TIME),
        canResolve: false,
      });
    });

    it('pages the list, newest first', async () => {
      const { cookie } = await signedIn('GENSEC_SCITECH');
      const items = [];
      for (let index = 0; index < 5; index += 1)
        items.push(await createFeedback(ctx.db, { createdAt: minutesAgo(50 - index) }));
      const newestFirst = items.map((item) => item.id).reverse();
      const pageOf = async (page: number) => {
        const response = await list(cookie, `?page=${page}&pageSize=2`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ total: 5, overall: 5, page, pageSize: 2 });
        return ids(response);
      };
      expect(await pageOf(1)).toEqual(newestFirst.slice(0, 2));
      expect(await pageOf(2)).toEqual(newestFirst.slice(2, 4));
      expect(await pageOf(3)).toEqual(newestFirst.slice(4));
      expect(await pageOf(4)).toEqual([]);
    });

    it('refuses an unknown status or type and a bad page', async () => {
      const { cookie } = await signedIn('PRESIDENT');
      for (const query of [
        'status=done',
        'status=',
        'type=Praise',
        'type=suggestion',
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'page=-1',
      ]) {
        const response = await list(cookie, `?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
      }
      expect((await list(cookie, '?pageSize=100')).statusCode).toBe(200);
    });

    it('does not offer an official the feedback about themselves to resolve', async () => {
      const { user: official, cookie } = await signedIn('GENSEC_SPORTS');
      const aboutThem = await createFeedback(ctx.db, { targetUserId: official.id });
      const other = await createFeedback(ctx.db);
      const items = (await list(cookie)).json().items as { id: string; canResolve: boolean }[];
      expect(items.find((item) => item.id === aboutThem.id)!.canResolve).toBe(false);
      expect(items.find((item) => item.id === other.id)!.canResolve).toBe(true);
    });
  });

  describe('a club coordinator', () => {
    /** A club with feedback about it, one of its events, one of its positions and a member; and feedback about other things. */
    const clubWithFeedback = async () => {
      const club = await createOrgUnit(ctx.db, { name: named('Astronomy Club') });
      const otherClub = await createOrgUnit(ctx.db, { name: named('Photography Club') });
      const position = await createPosition(ctx.db, { unitId: club.id });
      const otherPosition = await createPosition(ctx.db, { unitId: otherClub.id });
      const member = await createUser(ctx.db);
      await createPositionHolder(ctx.db, {
        userId: member.id,
        positionId: position.id,
        status: 'active',
      });
      const formerMember = await createUser(ctx.db);
      await createPositionHolder(ctx.db, {
        userId: formerMember.id,
        positionId: position.id,
        status: 'completed',
        tenureYear: '2022-2023',
      });
      const otherMember = await createUser(ctx.db);
      await createPositionHolder(ctx.db, {
        userId: otherMember.id,
        positionId: otherPosition.id,
        status: 'active',
      });
      const event = await createEvent(ctx.db, { organizingUnitId: club.id });
      const otherEvent = await createEvent(ctx.db, { organizingUnitId: otherClub.id });

      const inScope = [
        await createFeedback(ctx.db, {
          targetType: 'Club/Organization',
          targetUnitId: club.id,
          createdAt: minutesAgo(40),
        }),
        await createFeedback(ctx.db, {
          targetType: 'Event',
          targetEventId: event.id,
          createdAt: minutesAgo(30),
        }),
        await createFeedback(ctx.db, {
          targetType: 'POR',
          targetPositionId: position.id,
          createdAt: minutesAgo(20),
        }),
        await createFeedback(ctx.db, {
          targetType: 'User',
          targetUserId: member.id,
          createdAt: minutesAgo(10),
        }),
      ];
      const outOfScope = [
        await createFeedback(ctx.db, { targetType: 'Club/Organization', targetUnitId: otherClub.id }),
        await createFeedback(ctx.db, { targetType: 'Event', targetEventId: otherEvent.id }),
        await createFeedback(ctx.db, { targetType: 'Event' }),
        await createFeedback(ctx.db, { targetType: 'POR', targetPositionId: otherPosition.id }),
        await createFeedback(ctx.db, { targetType: 'User', targetUserId: otherMember.id }),
        await createFeedback(ctx.db, { targetType: 'User', targetUserId: formerMember.id }),
        await createFeedback(ctx.db, { targetType: 'User' }),
      ];
      return { club, otherClub, position, inScope, outOfScope };
    };

    it('sees the feedback about the club, its events, its positions and its members, nothing else', async () => {
      const { club, inScope } = await clubWithFeedback();
      const { cookie } = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual(inScope.map((item) => item.id).reverse());
      expect(response.json()).toMatchObject({
        total: 4,
        overall: 4,
        counts: { all: 4, resolved: 0, unresolved: 4 },
        resolver: true,
      });
      for (const item of response.json().items) expect(item.canResolve).toBe(true);
    });

    it('filters, pages and counts the club feedback: totals follow the type, not the status, also past the last page', async () => {
      const { club, inScope } = await clubWithFeedback();
      await ctx.db
        .update(feedback)
        .set({ type: 'Complaint' })
        .where(inArray(feedback.id, [inScope[0]!.id, inScope[2]!.id]));
      await ctx.db
        .update(feedback)
        .set({ isResolved: true, actionsTaken: 'Done.', resolvedAt: new Date() })
        .where(eq(feedback.id, inScope[2]!.id));
      const { cookie } = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
      const complaints = await list(cookie, '?type=Complaint&status=unresolved');
      expect(ids(complaints)).toEqual([inScope[0]!.id]);
      expect(complaints.json()).toMatchObject({
        total: 1,
        overall: 4,
        counts: { all: 2, resolved: 1, unresolved: 1 },
      });
      const second = await list(cookie, '?pageSize=1&page=2');
      expect(ids(second)).toEqual([inScope[2]!.id]);
      expect(second.json()).toMatchObject({
        total: 4,
        overall: 4,
        counts: { all: 4, resolved: 1, unresolved: 3 },
      });
      const past = await list(cookie, '?type=Complaint&page=9');
      expect(past.json()).toMatchObject({
        items: [],
        total: 2,
        overall: 4,
        counts: { all: 2, resolved: 1, unresolved: 1 },
      });
    });

    it('with no club sees none', async () => {
      await clubWithFeedback();
      const { cookie } = await signedIn('CLUB_COORDINATOR');
      const response = await list(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        items: [],
        total: 0,
        overall: 0,
        counts: { all: 0, resolved: 0, unresolved: 0 },
        resolver: true,
      });
    });

    it("resolves the club's feedback, but another club's is not found (404) and stays open", async () => {
      const { club, inScope, outOfScope } = await clubWithFeedback();
      const { user: coordinator, cookie } = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
      const ok = await resolve(inScope[1]!.id, cookie, {
        actionsTaken: 'Moved the telescope session indoors.',
      });
      expect(ok.statusCode).toBe(200);
      expect(await rowOf(inScope[1]!.id)).toMatchObject({
        isResolved: true,
        resolvedBy: coordinator.id,
        actionsTaken: 'Moved the telescope session indoors.',
      });

      for (const item of outOfScope) {
        const response = await resolve(item.id, cookie, {
          actionsTaken: 'Not our business, but fixed.',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_VISIBLE });
        expect(await rowOf(item.id)).toMatchObject({
          isResolved: false,
          resolvedBy: null,
          actionsTaken: null,
        });
      }
      const { cookie: clubless } = await signedIn('CLUB_COORDINATOR');
      expect((await resolve(inScope[0]!.id, clubless)).statusCode).toBe(404);
      expect(await rowOf(inScope[0]!.id)).toMatchObject({ isResolved: false });
    });

    it('cannot resolve feedback about themselves as a member of the club', async () => {
      const { club, position } = await clubWithFeedback();
      const { user: coordinator, cookie } = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
      await createPositionHolder(ctx.db, {
        userId: coordinator.id,
        positionId: position.id,
        status: 'active',
      });
      const aboutThem = await createFeedback(ctx.db, { targetUserId: coordinator.id });
      const items = (await list(cookie)).json().items as { id: string; canResolve: boolean }[];
      expect(items.find((item) => item.id === aboutThem.id)).toMatchObject({ canResolve: false });
      const response = await resolve(aboutThem.id, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: ABOUT_YOU });
    });
  });

  describe('anonymous feedback', () => {
    it('never shows its author to an official, the club coordinator or the author', async () => {
      const { user: author, cookie: authorCookie } = await signedInStudent({
        name: 'Zorawar Khanna',
        username: 'zkhanna77',
      });
      const club = await createOrgUnit(ctx.db, { name: named('Music Club') });
      const item = await createFeedback(ctx.db, {
        type: 'Complaint',
        targetType: 'Club/Organization',
        targetUnitId: club.id,
        authorId: author.id,
        isAnonymous: true,
        comments: 'Practice rooms are always locked.',
      });
      const { cookie: official } = await signedIn('PRESIDENT');
      const { cookie: coordinator } = await signedIn('CLUB_COORDINATOR', { clubUnitId: club.id });
      const secrets = [author.id, 'Zorawar', 'Khanna', 'zkhanna77', author.email, author.studentId!];

      for (const [who, cookie] of [
        ['official', official],
        ['coordinator', coordinator],
        ['author', authorCookie],
      ] as const) {
        for (const query of ['', '?status=unresolved', '?type=Complaint']) {
          const response = await list(cookie, query);
          expect(response.statusCode, who).toBe(200);
          const card = response.json().items.find((entry: { id: string }) => entry.id === item.id);
          expect(card, who).toMatchObject({ isAnonymous: true, author: null, mine: who === 'author' });
          for (const secret of secrets)
            expect(response.body, `${who} ${query}: ${secret}`).not.toContain(secret);
        }
      }

      // Nor does the answer to its resolution, or the list once resolved.
      const resolved = await resolve(item.id, coordinator, {
        actionsTaken: 'Rooms now open from 6 pm.',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().feedback).toMatchObject({ author: null, isAnonymous: true });
      for (const secret of secrets) expect(resolved.body).not.toContain(secret);
      for (const cookie of [official, authorCookie]) {
        const after = await list(cookie, '?status=resolved');
        for (const secret of secrets) expect(after.body).not.toContain(secret);
      }
    });

    it('names the author of feedback that is not anonymous', async () => {
      const { user: author } = await signedInStudent({ name: 'Yash Agarwal', username: 'yagarwal88' });
      await createFeedback(ctx.db, { authorId: author.id, isAnonymous: false });
      const { cookie } = await signedIn('GENSEC_ACADEMIC');
      expect((await list(cookie)).json().items[0].author).toEqual({
        name: 'Yash Agarwal',
        username: 'yagarwal88',
      });
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
