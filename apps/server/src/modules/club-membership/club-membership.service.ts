import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CLUB_RETIRED_REASON,
  LEFT_CLUB_REASON,
  MEMBERSHIP_MESSAGES,
  type JoinDecisionInput,
  type JoinRequest,
  type JoinRequestInput,
  type Membership,
  type Recruiting,
  type RecruitingInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { clubJoinRequests, clubMemberships, clubPages, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyMany, notifyPerson } from '../notifications/notify.service';
import { clubOf, coordinatedClub, coordinates, type MembershipActor } from './club-access.service';
import { myMembershipList, readJoinRequest } from './club-membership.read';
import { isMember, joinRequestOf, startMembership } from './membership-periods';

/**
 * Opens or closes the club to new members, with the question applicants answer (the club's
 * coordinator). Every club has its page from its start (migration 'club_pages').
 */
export async function setRecruiting(
  db: Database,
  actor: MembershipActor,
  unitId: string,
  input: RecruitingInput,
): Promise<Recruiting> {
  await coordinatedClub(db, actor, unitId);
  const [page] = await db
    .update(clubPages)
    .set({ recruiting: input.recruiting, joinQuestion: input.joinQuestion ?? null, updatedBy: actor.id })
    .where(eq(clubPages.unitId, unitId))
    .returning({ recruiting: clubPages.recruiting, joinQuestion: clubPages.joinQuestion });
  if (!page) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
  return page;
}

/** The people who coordinate the club, as a query of one column (user_id). */
const coordinatorsOf = (unitId: string) =>
  sql`select ${users.id} as user_id from ${users} where ${users.clubUnitId} = ${unitId} and ${users.role} = 'CLUB_COORDINATOR'`;

/**
 * A student asks to join a recruiting club, answering its question when it asks one. One request
 * waits per person and club (the database's unique key decides between requests made at once); a
 * current member is refused. The club's coordinator is told.
 */
export async function requestToJoin(
  db: Database,
  student: MembershipActor,
  unitId: string,
  input: JoinRequestInput,
): Promise<JoinRequest> {
  const club = await clubOf(db, unitId);
  if (await coordinates(db, student, unitId)) throw AppError.forbidden(MEMBERSHIP_MESSAGES.ownClub);
  const [page] = await db
    .select({ recruiting: clubPages.recruiting, joinQuestion: clubPages.joinQuestion })
    .from(clubPages)
    .where(eq(clubPages.unitId, unitId))
    .limit(1);
  if (!page?.recruiting) throw AppError.conflict(MEMBERSHIP_MESSAGES.notRecruiting);
  const answer = input.answer ?? null;
  if (page.joinQuestion && !answer)
    throw AppError.badRequest(MEMBERSHIP_MESSAGES.answerRequired, {
      answer: MEMBERSHIP_MESSAGES.answerRequired,
    });
  try {
    const id = await db.transaction(async (tx) => {
      if (await isMember(tx, unitId, student.id))
        throw AppError.conflict(MEMBERSHIP_MESSAGES.alreadyMember);
      const [row] = await tx
        .insert(clubJoinRequests)
        .values({ unitId, userId: student.id, kind: 'request', question: page.joinQuestion, answer })
        .returning({ id: clubJoinRequests.id });
      const [who] = await tx.select({ name: users.name }).from(users).where(eq(users.id, student.id));
      await notifyMany(tx, coordinatorsOf(unitId), {
        kind: 'club',
        outcome: 'requested',
        subject: club.name,
        detail: who?.name ?? null,
        link: '/club-dashboard',
        subjectId: row!.id,
      });
      return row!.id;
    });
    return joinRequestOf(db, id);
  } catch (error) {
    if (uniqueViolationOf(error) === 'club_join_requests_open_key')
      throw AppError.conflict(
        (await waitingKind(db, unitId, student.id)) === 'invitation'
          ? MEMBERSHIP_MESSAGES.invitedMeanwhile
          : MEMBERSHIP_MESSAGES.alreadyAsked,
      );
    throw error;
  }
}

/** What waits between the person and the club: their request, the club's invitation, or nothing. */
async function waitingKind(db: Database, unitId: string, userId: string) {
  const [row] = await db
    .select({ kind: clubJoinRequests.kind })
    .from(clubJoinRequests)
    .where(
      and(
        eq(clubJoinRequests.unitId, unitId),
        eq(clubJoinRequests.userId, userId),
        eq(clubJoinRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row?.kind ?? null;
}

/**
 * When the administrator retires a club (in the retirement's transaction): its current memberships
 * end with CLUB_RETIRED_REASON and stay on the record as past periods, and its waiting requests
 * and invitations are withdrawn, so nothing is left open on a club nobody can act for.
 */
export async function closeRetiredClub(tx: Database, unitId: string, actorId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(clubMemberships)
    .set({ endedAt: now, endReason: CLUB_RETIRED_REASON, endedBy: actorId })
    .where(and(eq(clubMemberships.unitId, unitId), isNull(clubMemberships.endedAt)));
  await tx
    .update(clubJoinRequests)
    .set({ status: 'withdrawn', decidedBy: actorId, decidedAt: now })
    .where(and(eq(clubJoinRequests.unitId, unitId), eq(clubJoinRequests.status, 'pending')));
}

/** The student withdraws their request waiting to join the club. */
export async function withdrawMyRequest(
  db: Database,
  student: MembershipActor,
  unitId: string,
): Promise<JoinRequest> {
  await clubOf(db, unitId);
  const [row] = await db
    .update(clubJoinRequests)
    .set({ status: 'withdrawn', decidedBy: student.id, decidedAt: new Date() })
    .where(
      and(
        eq(clubJoinRequests.unitId, unitId),
        eq(clubJoinRequests.userId, student.id),
        eq(clubJoinRequests.kind, 'request'),
        eq(clubJoinRequests.status, 'pending'),
      ),
    )
    .returning({ id: clubJoinRequests.id });
  if (!row) throw AppError.conflict(MEMBERSHIP_MESSAGES.noPendingRequest);
  return joinRequestOf(db, row.id);
}

/**
 * The coordinator accepts or declines a request to join (a reason is required to decline).
 * Accepting starts the membership in the same transaction. The decision is a conditional change
 * of a waiting request: of two decisions at once, one is made and the other is a 409. The student
 * is told.
 */
export async function decideJoinRequest(
  db: Database,
  coordinator: MembershipActor,
  unitId: string,
  id: string,
  input: JoinDecisionInput,
): Promise<JoinRequest> {
  const club = await coordinatedClub(db, coordinator, unitId);
  const accept = input.decision === 'accept';
  const decided = await db.transaction(async (tx) => {
    await auditAs(tx, coordinator.id);
    const [row] = await tx
      .update(clubJoinRequests)
      .set({
        status: accept ? 'accepted' : 'declined',
        reason: accept ? null : (input.reason ?? null),
        decidedBy: coordinator.id,
        decidedAt: new Date(),
      })
      .where(
        and(
          eq(clubJoinRequests.id, id),
          eq(clubJoinRequests.unitId, unitId),
          eq(clubJoinRequests.kind, 'request'),
          eq(clubJoinRequests.status, 'pending'),
        ),
      )
      .returning({ userId: clubJoinRequests.userId });
    if (!row) return false;
    if (accept)
      await startMembership(tx, unitId, row.userId, id, MEMBERSHIP_MESSAGES.studentAlreadyMember);
    await notifyPerson(tx, row.userId, {
      kind: 'club',
      outcome: accept ? 'accepted' : 'declined',
      subject: club.name,
      detail: accept ? null : (input.reason ?? null),
      link: '/home',
      subjectId: id,
    });
    return true;
  });
  const request = await readJoinRequest(db, id);
  if (!request || request.club.id !== unitId || request.kind !== 'request')
    throw AppError.notFound(MEMBERSHIP_MESSAGES.requestNotFound);
  if (!decided) throw AppError.conflict(MEMBERSHIP_MESSAGES.requestAnswered);
  return request;
}

/** A member leaves the club: the membership ends now, and stays on the record as a past period. */
export async function leaveClub(
  db: Database,
  member: MembershipActor,
  unitId: string,
): Promise<Membership> {
  await clubOf(db, unitId);
  const [row] = await db
    .update(clubMemberships)
    .set({ endedAt: new Date(), endReason: LEFT_CLUB_REASON, endedBy: member.id })
    .where(
      and(
        eq(clubMemberships.unitId, unitId),
        eq(clubMemberships.userId, member.id),
        isNull(clubMemberships.endedAt),
      ),
    )
    .returning({ id: clubMemberships.id });
  if (!row) throw AppError.conflict(MEMBERSHIP_MESSAGES.notMember);
  const { items } = await myMembershipList(db, member.id);
  return items.find((each) => each.id === row.id)!;
}
