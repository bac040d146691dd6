import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import { unionAll, type PgColumn } from 'drizzle-orm/pg-core';
import { currentTenure, normalizeRole } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { events, feedback, orgUnits, positionHolders, positions, users } from '../../db/schema/index';

/**
 * Which club a coordinator runs: the club their account is linked to (users.club_unit_id), read
 * from the database on every request, never from the client. Every module asks it here; no row
 * when the account has none or its club was removed (the link is set null).
 */
const coordinatedClub = (db: Database, userId: string) =>
  db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(users)
    .innerJoin(orgUnits, eq(orgUnits.id, users.clubUnitId))
    .where(eq(users.id, userId))
    .limit(1);

/** The club a coordinator runs, with its name; null when none. */
export async function coordinatorClub(
  db: Database,
  userId: string,
): Promise<{ id: string; name: string } | null> {
  const [club] = await coordinatedClub(db, userId);
  return club ?? null;
}

/** The id of the club a coordinator runs; null when none. */
export async function coordinatorClubId(db: Database, userId: string): Promise<string | null> {
  return (await coordinatorClub(db, userId))?.id ?? null;
}

/** The id of the club a coordinator runs as a value inside another statement (null when none), so a list finds the club and its rows in one round trip. */
export function coordinatorClubIdWithin(db: Database, userId: string): SQL {
  const club = coordinatedClub(db, userId).as('coordinated_club');
  return sql`(select ${club.id} from ${club})`;
}

/** Whose items a reviewer sees: everyone's (null) for the officials, the members of one club (or nobody) for a coordinator. */
export type MemberScope = null | { clubId: string | null };

/** The reviewer's scope: a club coordinator reviews the members of their club only. */
export async function memberScopeOf(
  db: Database,
  reviewer: { id: string; role: string },
): Promise<MemberScope> {
  if (normalizeRole(reviewer.role) !== 'CLUB_COORDINATOR') return null;
  return { clubId: await coordinatorClubId(db, reviewer.id) };
}

/** A value, a placeholder of a prepared statement, or a subquery of the statement. */
type Value = string | Placeholder | SQL;

/**
 * A member's holding: active, appointed or verified by the council (a student's own claim, or an
 * appointment awaiting the council, makes nobody a member), in the tenure under way. A holding
 * left 'active' after its tenure ended does not keep its holder a member.
 */
const memberHolding = (clubId: Value, tenure: Value) =>
  and(
    eq(positions.unitId, clubId),
    fixed(positionHolders.status, 'active'),
    fixed(positionHolders.verification, 'verified'),
    eq(positionHolders.tenureYear, tenure),
  );

/** The club's members in `tenure` (the one under way by default). Served by the partial index of active verified holders. */
export const clubMemberIds = (db: Database, clubId: Value, tenure: Value = currentTenure()) =>
  db
    .select({ id: positionHolders.userId })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .where(memberHolding(clubId, tenure));

/**
 * Narrows a list to the items a coordinator's scope may verify: those tied to their club, through
 * the event (`via` 'event': the club organised it) or the position (`via` 'position': the club's)
 * that `column` names (contracts record-authority, canVerify). Undefined when the scope covers everyone.
 */
export function tiedWithin(
  db: Database,
  scope: MemberScope,
  column: PgColumn,
  via: 'event' | 'position',
): SQL | undefined {
  if (scope === null) return undefined;
  if (!scope.clubId) return sql`false`;
  return via === 'event'
    ? inArray(
        column,
        db.select({ id: events.id }).from(events).where(eq(events.organizingUnitId, scope.clubId)),
      )
    : inArray(
        column,
        db.select({ id: positions.id }).from(positions).where(eq(positions.unitId, scope.clubId)),
      );
}

const scopedColumns = {
  id: feedback.id,
  type: feedback.type,
  isResolved: feedback.isResolved,
  createdAt: feedback.createdAt,
};

/**
 * Feedback about the club, as its coordinator's lists show it: about the club, its events, its
 * positions, or its members. Each part is found through its own target index, and a feedback
 * has one target, so no row is in two parts: a coordinator's lists and counts read the club's few
 * hundred rows, not every feedback of the campus. Used as a derived table.
 */
export function feedbackAboutClub(db: Database, clubId: Value, tenure: Value = currentTenure()) {
  return unionAll(
    db.select(scopedColumns).from(feedback).where(eq(feedback.targetUnitId, clubId)),
    db
      .select(scopedColumns)
      .from(feedback)
      .innerJoin(events, eq(events.id, feedback.targetEventId))
      .where(eq(events.organizingUnitId, clubId)),
    db
      .select(scopedColumns)
      .from(feedback)
      .innerJoin(positions, eq(positions.id, feedback.targetPositionId))
      .where(eq(positions.unitId, clubId)),
    db
      .select(scopedColumns)
      .from(feedback)
      .where(inArray(feedback.targetUserId, clubMemberIds(db, clubId, tenure))),
  ).as('club_feedback');
}

/** True for feedback about the club (for a check of one item; lists read feedbackAboutClub). */
export function isFeedbackAboutClub(db: Database, clubId: string): SQL {
  const scoped = feedbackAboutClub(db, clubId);
  return inArray(feedback.id, db.select({ id: scoped.id }).from(scoped));
}
