import { eq, inArray } from 'drizzle-orm';
import type { TranscriptContent, TranscriptVerification } from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  eventRegistrations,
  events,
  orgUnits,
  positionHolders,
  positions,
  userSkills,
} from '../../db/schema/index';
import { withdrawnRecords } from './record-withdrawals.service';
import { membershipsNow } from '../club-membership/membership-record.service';

type Withdrawn = TranscriptVerification['withdrawn'][number];
type Reason = Withdrawn['reason'];
type Reader = Pick<Database, 'select'>;

const NONE = ['00000000-0000-0000-0000-000000000000'];
const idsOf = (items: { id: string }[]) => (items.length ? items.map((item) => item.id) : NONE);

/** Each frozen item against its record now: the reason it no longer stands, or null while it does. */
function judge<F extends { id: string }, R extends { id: string }>(
  frozen: F[],
  current: R[],
  reasonOf: (frozen: F, now: R) => Reason | null,
): { id: string; reason: Reason }[] {
  const byId = new Map(current.map((row) => [row.id, row]));
  return frozen.flatMap((item) => {
    const now = byId.get(item.id);
    const reason = now ? reasonOf(item, now) : 'record_deleted';
    return reason ? [{ id: item.id, reason }] : [];
  });
}

/**
 * The items of an issued transcript whose records were deleted, ended early, stopped being
 * verified or changed after issue. Read from the records at the time of asking, so a frozen item
 * is judged against exactly what the institute holds now.
 */
export async function withdrawnItems(
  db: Reader,
  userId: string,
  content: TranscriptContent,
): Promise<Withdrawn[]> {
  const [achievementRows, positionRows, skillRows, attendanceRows, membershipRows] = await Promise.all([
    db
      .select({
        id: achievements.id,
        userId: achievements.userId,
        verified: achievements.verified,
        title: achievements.title,
        type: achievements.type,
        category: achievements.category,
        level: achievements.level,
        position: achievements.position,
        dateAchieved: achievements.dateAchieved,
      })
      .from(achievements)
      .where(inArray(achievements.id, idsOf(content.achievements))),
    db
      .select({
        id: positionHolders.id,
        userId: positionHolders.userId,
        status: positionHolders.status,
        verification: positionHolders.verification,
        tenureYear: positionHolders.tenureYear,
        title: positions.title,
        unit: orgUnits.name,
      })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(inArray(positionHolders.id, idsOf(content.positions))),
    db
      .select({
        id: userSkills.id,
        userId: userSkills.userId,
        isEndorsed: userSkills.isEndorsed,
        proficiencyLevel: userSkills.proficiencyLevel,
      })
      .from(userSkills)
      .where(inArray(userSkills.id, idsOf(content.skills))),
    db
      .select({
        id: eventRegistrations.id,
        userId: eventRegistrations.userId,
        eventId: eventRegistrations.eventId,
        status: eventRegistrations.status,
        checkedInAt: eventRegistrations.checkedInAt,
        eventStatus: events.status,
        approval: events.approval,
      })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(inArray(eventRegistrations.id, idsOf(content.attendance))),
    membershipsNow(
      db,
      content.memberships.map((item) => item.id),
    ),
  ]);
  // A record the institute withdrew (an administrator's revocation for untrue or in error) first.
  const [withdrawnAchievements, withdrawnPositions] = await Promise.all([
    withdrawnRecords(
      db,
      'achievement',
      content.achievements.map((item) => item.id),
    ),
    withdrawnRecords(
      db,
      'position',
      content.positions.map((item) => item.id),
    ),
  ]);
  const achievementsOut = judge(content.achievements, achievementRows, (item, now) => {
    const withdrawn = withdrawnAchievements.get(item.id);
    if (withdrawn) return withdrawn;
    if (!now.verified) return 'record_unverified';
    const same =
      now.userId === userId &&
      now.title === item.title &&
      now.type === item.type &&
      now.category === item.category &&
      now.level === item.level &&
      now.position === item.position &&
      now.dateAchieved === item.dateAchieved;
    return same ? null : 'record_changed';
  });
  const positionsOut = judge(content.positions, positionRows, (item, now) => {
    const withdrawn = withdrawnPositions.get(item.id);
    if (withdrawn) return withdrawn;
    if (now.status === 'terminated') return 'record_ended';
    if (now.verification !== 'verified') return 'record_unverified';
    const same =
      now.userId === userId &&
      now.tenureYear === item.tenureYear &&
      now.title === item.title &&
      now.unit === item.unit;
    return same ? null : 'record_changed';
  });
  const skillsOut = judge(content.skills, skillRows, (item, now) => {
    if (!now.isEndorsed) return 'record_unverified';
    return now.userId === userId && now.proficiencyLevel === item.proficiencyLevel
      ? null
      : 'record_changed';
  });
  // A registration deleted (or its event) is gone; a check-in undone no longer verifies the
  // attendance; an event cancelled or withdrawn from approval later no longer took place as issued.
  const attendanceOut = judge(content.attendance, attendanceRows, (item, now) => {
    if (now.userId !== userId || now.eventId !== item.eventId) return 'record_changed';
    if (now.status !== 'confirmed' || now.checkedInAt === null) return 'record_unverified';
    if (now.eventStatus === 'cancelled' || now.approval !== 'approved') return 'record_changed';
    return null;
  });
  // A period deleted is gone; one whose club, holder or dates changed is not the one issued. A
  // membership that lasted at issue and has ended since still stands: it was true when issued.
  const membershipsOut = judge(content.memberships, membershipRows, (item, now) => {
    const same =
      now.userId === userId &&
      now.unitId === item.clubId &&
      now.startedAt.toISOString() === item.startedAt &&
      (item.endedAt === null || now.endedAt?.toISOString() === item.endedAt);
    return same ? null : 'record_changed';
  });
  return [
    ...achievementsOut.map((item) => ({ kind: 'achievement' as const, ...item })),
    ...positionsOut.map((item) => ({ kind: 'position' as const, ...item })),
    ...skillsOut.map((item) => ({ kind: 'skill' as const, ...item })),
    ...attendanceOut.map((item) => ({ kind: 'attendance' as const, ...item })),
    ...membershipsOut.map((item) => ({ kind: 'membership' as const, ...item })),
  ];
}
