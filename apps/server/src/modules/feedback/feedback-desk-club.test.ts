import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createUser,
} from '../../../test/factories';
import { emptyFeedbackBeforeEach, feedbackDeskOf, minutesAgo } from '../../../test/feedback-desk-client';

let unique = 0;
/** A name no other test of this file uses (unit names are unique). */
const named = (name: string) => `${name} ${(unique += 1)}`;

const ABOUT_YOU = 'Feedback about you is resolved by another official.';
const NOT_VISIBLE = 'This feedback does not exist or is not yours to see.';

describe('the feedback desk', () => {
  const ctx = useTestApp();

  const { list, resolve, signedIn, rowOf, ids } = feedbackDeskOf(ctx);
  emptyFeedbackBeforeEach(ctx);

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
});
