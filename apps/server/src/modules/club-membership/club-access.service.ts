import { and, eq, isNull } from 'drizzle-orm';
import { MEMBERSHIP_MESSAGES, normalizeRole } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { orgUnits } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { coordinatorClubId } from '../clubs/club-scope.service';

/** Who is asking: the session's user. */
export type MembershipActor = { id: string; role: string };

/** A club people can join. */
export type Club = { id: string; name: string };

/** The club of the route: a unit of type club that is not retired; 404 otherwise. */
export async function clubOf(db: Database, unitId: string): Promise<Club> {
  const [club] = await db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(eq(orgUnits.id, unitId), eq(orgUnits.type, 'club'), isNull(orgUnits.retiredAt)))
    .limit(1);
  if (!club) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
  return club;
}

/** Whether the actor is the coordinator of this club. */
export async function coordinates(
  db: Database,
  actor: MembershipActor,
  unitId: string,
): Promise<boolean> {
  return (
    normalizeRole(actor.role) === 'CLUB_COORDINATOR' &&
    (await coordinatorClubId(db, actor.id)) === unitId
  );
}

/** The club of the route when the actor is its coordinator; 404 for an unknown club, 403 for anyone else. */
export async function coordinatedClub(
  db: Database,
  actor: MembershipActor,
  unitId: string,
): Promise<Club> {
  const club = await clubOf(db, unitId);
  if (!(await coordinates(db, actor, club.id)))
    throw AppError.forbidden(MEMBERSHIP_MESSAGES.notYourClub);
  return club;
}

/**
 * The club of the route when the actor may read its roster: its coordinator, the officials and the
 * administrator (the access table admits only these roles); a coordinator of another club is refused.
 */
export async function rosterClub(db: Database, actor: MembershipActor, unitId: string): Promise<Club> {
  if (normalizeRole(actor.role) === 'CLUB_COORDINATOR') return coordinatedClub(db, actor, unitId);
  return clubOf(db, unitId);
}
