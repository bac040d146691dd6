import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  MEMBERSHIP_MESSAGES,
  type InvitationDecisionInput,
  type InvitationInput,
  type JoinRequest,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { clubJoinRequests, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyPerson } from '../notifications/notify.service';
import { clubOf, coordinatedClub, type MembershipActor } from './club-access.service';
import { readJoinRequest } from './club-membership.read';
import { isMember, joinRequestOf, startMembership } from './membership-periods';

/**
 * The coordinator invites a student, found by student ID, to join the club: a waiting invitation
 * the student accepts or declines. A current member, or a student with a request or invitation
 * waiting, is a 409. The student is told.
 */
export async function inviteStudent(
  db: Database,
  coordinator: MembershipActor,
  unitId: string,
  input: InvitationInput,
): Promise<JoinRequest> {
  const club = await coordinatedClub(db, coordinator, unitId);
  const [student] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.studentId, input.studentId), isNull(users.deactivatedAt), ne(users.role, 'ADMIN')),
    )
    .limit(1);
  if (!student)
    throw AppError.badRequest(MEMBERSHIP_MESSAGES.noStudentWithId, {
      studentId: MEMBERSHIP_MESSAGES.noStudentWithId,
    });
  if (student.id === coordinator.id)
    throw AppError.badRequest(MEMBERSHIP_MESSAGES.ownClub, { studentId: MEMBERSHIP_MESSAGES.ownClub });
  try {
    const id = await db.transaction(async (tx) => {
      await auditAs(tx, coordinator.id);
      if (await isMember(tx, unitId, student.id))
        throw AppError.conflict(MEMBERSHIP_MESSAGES.studentAlreadyMember);
      const [row] = await tx
        .insert(clubJoinRequests)
        .values({ unitId, userId: student.id, kind: 'invitation', invitedBy: coordinator.id })
        .returning({ id: clubJoinRequests.id });
      await notifyPerson(tx, student.id, {
        kind: 'club',
        outcome: 'invited',
        subject: club.name,
        link: '/home',
        subjectId: row!.id,
      });
      return row!.id;
    });
    return joinRequestOf(db, id);
  } catch (error) {
    if (uniqueViolationOf(error) === 'club_join_requests_open_key')
      throw AppError.conflict(MEMBERSHIP_MESSAGES.invitedAlready);
    throw error;
  }
}

/** The student accepts or declines an invitation of theirs; accepting starts the membership at once. */
export async function decideInvitation(
  db: Database,
  student: MembershipActor,
  id: string,
  input: InvitationDecisionInput,
): Promise<JoinRequest> {
  const accept = input.decision === 'accept';
  const waiting = await readJoinRequest(db, id);
  // A retired club's invitations were withdrawn with it; one of an unknown club is nobody's.
  if (waiting) await clubOf(db, waiting.club.id);
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(clubJoinRequests)
      .set({ status: accept ? 'accepted' : 'declined', decidedBy: student.id, decidedAt: new Date() })
      .where(
        and(
          eq(clubJoinRequests.id, id),
          eq(clubJoinRequests.userId, student.id),
          eq(clubJoinRequests.kind, 'invitation'),
          eq(clubJoinRequests.status, 'pending'),
        ),
      )
      .returning({ unitId: clubJoinRequests.unitId });
    if (!row) return false;
    if (accept) await startMembership(tx, row.unitId, student.id, id, MEMBERSHIP_MESSAGES.alreadyMember);
    return true;
  });
  const invitation = await readJoinRequest(db, id);
  if (!invitation || invitation.student.id !== student.id || invitation.kind !== 'invitation')
    throw AppError.notFound(MEMBERSHIP_MESSAGES.invitationNotFound);
  if (!decided) throw AppError.conflict(MEMBERSHIP_MESSAGES.invitationAnswered);
  return invitation;
}
