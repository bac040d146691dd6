import { and, eq, isNull } from 'drizzle-orm';
import {
  MEMBERSHIP_MESSAGES,
  type MemberRemovalInput,
  type MemberRoleInput,
  type RosterEntry,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { clubMemberships } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { notifyPerson } from '../notifications/notify.service';
import { coordinatedClub, type Club, type MembershipActor } from './club-access.service';
import { readRosterEntry } from './roster.read';

/** A current member of the club, for a change by its coordinator: 404 for none, 409 once ended. */
async function currentMember(db: Database, unitId: string, membershipId: string): Promise<RosterEntry> {
  const entry = await readRosterEntry(db, unitId, membershipId);
  if (!entry) throw AppError.notFound(MEMBERSHIP_MESSAGES.memberNotFound);
  if (entry.endedAt) throw AppError.conflict(MEMBERSHIP_MESSAGES.membershipEnded);
  return entry;
}

/** The coordinator names a current member's role (member, core member, …). */
export async function renameMemberRole(
  db: Database,
  coordinator: MembershipActor,
  unitId: string,
  membershipId: string,
  input: MemberRoleInput,
): Promise<RosterEntry> {
  await coordinatedClub(db, coordinator, unitId);
  await currentMember(db, unitId, membershipId);
  const [row] = await db
    .update(clubMemberships)
    .set({ role: input.role })
    .where(
      and(
        eq(clubMemberships.id, membershipId),
        eq(clubMemberships.unitId, unitId),
        isNull(clubMemberships.endedAt),
      ),
    )
    .returning({ id: clubMemberships.id });
  if (!row) throw AppError.conflict(MEMBERSHIP_MESSAGES.membershipEnded);
  return (await readRosterEntry(db, unitId, membershipId))!;
}

/** The coordinator ends a member's membership with a reason the student reads; the student is told. */
export async function removeMember(
  db: Database,
  coordinator: MembershipActor,
  unitId: string,
  membershipId: string,
  input: MemberRemovalInput,
): Promise<RosterEntry> {
  const club: Club = await coordinatedClub(db, coordinator, unitId);
  await currentMember(db, unitId, membershipId);
  const removed = await db.transaction(async (tx) => {
    await auditAs(tx, coordinator.id);
    const [row] = await tx
      .update(clubMemberships)
      .set({ endedAt: new Date(), endReason: input.reason, endedBy: coordinator.id })
      .where(
        and(
          eq(clubMemberships.id, membershipId),
          eq(clubMemberships.unitId, unitId),
          isNull(clubMemberships.endedAt),
        ),
      )
      .returning({ userId: clubMemberships.userId });
    if (!row) return false;
    await notifyPerson(tx, row.userId, {
      kind: 'club',
      outcome: 'removed',
      subject: club.name,
      detail: input.reason,
      link: '/home',
      subjectId: membershipId,
    });
    return true;
  });
  if (!removed) throw AppError.conflict(MEMBERSHIP_MESSAGES.membershipEnded);
  return (await readRosterEntry(db, unitId, membershipId))!;
}
