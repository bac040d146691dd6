import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createStudent,
} from '../../../test/factories';
import {
  emptyFeedbackBeforeEach,
  feedbackDeskOf,
  minutesAgo,
  OFFICIALS,
} from '../../../test/feedback-desk-client';

let unique = 0;
/** A name no other test of this file uses (unit names are unique). */
const named = (name: string) => `${name} ${(unique += 1)}`;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('the feedback desk', () => {
  const ctx = useTestApp();

  const { list, resolve, signedIn, signedInStudent, ids } = feedbackDeskOf(ctx);
  emptyFeedbackBeforeEach(ctx);

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
});
