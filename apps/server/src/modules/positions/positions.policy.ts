import {
  normalizeRole,
  POSITION_ADMIN_MESSAGES,
  type ChangeRight,
  type Decision,
  type Role,
} from '@cosa/contracts';
import { AppError } from '../../lib/app-error';

/** Who is asking: the session's user. */
export type CosaActor = { id: string; role: Role };

/**
 * What the actor may manage: every unit (club null), or one club for its coordinator; a coordinator
 * whose account is not linked to a club yet (unlinked) manages nothing and sees empty lists.
 */
export type CosaScope = { club: { id: string; name: string } | null; unlinked: boolean };

/** Whether the actor manages one club only (a club coordinator), so their scope needs the club they run. */
export const managesOneClub = (actor: CosaActor): boolean =>
  normalizeRole(actor.role) === 'CLUB_COORDINATOR';

/**
 * The officials manage every position; a club coordinator only those of the club they run (their
 * account's link, read from the database on each request, never from the client), and nothing
 * while their account is linked to no club.
 */
export function scopeFor(actor: CosaActor, club: { id: string; name: string } | null): CosaScope {
  if (!managesOneClub(actor)) return { club: null, unlinked: false };
  return club ? { club, unlinked: false } : { club: null, unlinked: true };
}

/** True when the scope covers a unit. */
function covers(scope: CosaScope, unitId: string): boolean {
  return scope.unlinked ? false : scope.club === null || scope.club.id === unitId;
}

/** Refuses (403) a unit outside the actor's scope. */
export function requireCovered(scope: CosaScope, unitId: string): void {
  if (!covers(scope, unitId))
    throw AppError.forbidden(
      scope.unlinked ? POSITION_ADMIN_MESSAGES.noClub : POSITION_ADMIN_MESSAGES.notYourClub,
    );
}

/** A list row's right to change, from the rule's decision: the reason shown when refused. */
export const changeRightOf = (decision: Decision): ChangeRight =>
  decision.allowed
    ? { canChange: true, changeNote: null }
    : { canChange: false, changeNote: decision.reason };

/** Whether a status change is allowed: an active holding may end; an ended one stays as it is. */
export function statusChangeAllowed(from: string, to: string): boolean {
  return from === to || from === 'active';
}

/** Today's calendar date ('2026-11-24') on the institute's clock. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
