import { councilOf, GENSEC_SKILL_TYPE, type ClaimStatus } from '@cosa/contracts';

/*
 * Who may do what with club money (decision 0040), as pure functions over facts the services read
 * fresh from the database: the actor's role and linked club, a unit's council, a claim's stage.
 */

export type MoneyActor = { id: string; role: string; clubId: string | null };

/** A unit as the rules see it: its type and the council it sits in (councilOf's names), null for none. */
export type MoneyUnit = { id: string; type: string; council: string | null };

/** The four councils a general secretary answers for. */
const COUNCILS: ReadonlySet<string> = new Set(Object.values(GENSEC_SKILL_TYPE));

/**
 * The council whose general secretary answers for the unit's money: one of the four, or null for a
 * unit outside them, or under a council of another category (or of none), which no secretary
 * answers for: its claims go to the president, as those of a unit outside the councils do.
 */
const councilFor = (unit: MoneyUnit): string | null =>
  unit.council !== null && COUNCILS.has(unit.council) ? unit.council : null;

/** Allocating a tenure's budget: the president and the administrator. */
export const mayAllocate = (actor: MoneyActor): boolean =>
  actor.role === 'PRESIDENT' || actor.role === 'ADMIN';

/** Whether the actor sees a unit's budget and claims: everything for the president and the administrator, a council for its secretary, a club for its coordinator. */
export function maySeeUnit(actor: MoneyActor, unit: MoneyUnit): boolean {
  if (mayAllocate(actor)) return true;
  const council = councilOf(actor.role);
  if (council !== null) return councilFor(unit) === council;
  return actor.role === 'CLUB_COORDINATOR' && actor.clubId === unit.id;
}

/** Passing a council's money down: its general secretary, the president, the administrator. */
export function mayPassDown(actor: MoneyActor, council: MoneyUnit): boolean {
  if (council.type !== 'committee') return false;
  return (
    mayAllocate(actor) || (councilFor(council) !== null && councilOf(actor.role) === councilFor(council))
  );
}

/**
 * Whether the actor would decide or pay a claim of the unit: the general secretary of its council
 * (the president for a unit outside the four), the president above the set amount, and the
 * accounts office. Such a person does not file one: nobody else could decide or pay it.
 */
export function decidesClaimsOf(actor: MoneyActor, unit: MoneyUnit): boolean {
  if (actor.role === 'PRESIDENT' || actor.role === 'ADMIN') return true;
  return councilFor(unit) !== null && councilOf(actor.role) === councilFor(unit);
}

/** Who files a claim for a unit: its coordinator, or an organiser of the unit's event the claim names; never one who would decide or pay it. */
export function mayFileFor(actor: MoneyActor, unit: MoneyUnit, organisesTheEvent: boolean): boolean {
  if (unit.type !== 'club' && unit.type !== 'committee') return false;
  if (decidesClaimsOf(actor, unit)) return false;
  return (actor.role === 'CLUB_COORDINATOR' && actor.clubId === unit.id) || organisesTheEvent;
}

export type ClaimFacts = {
  status: ClaimStatus;
  filedBy: string | null;
  /** The amount the general secretary approved, when they did. */
  approvedAmount: number | null;
  unit: MoneyUnit;
};

/**
 * Whether the actor decides the claim now: the general secretary of the unit's council while it is
 * submitted (the president for a unit outside the four councils), the president once the secretary
 * approved it above the administrator's amount; never the person who filed it.
 */
export function mayDecide(actor: MoneyActor, claim: ClaimFacts): boolean {
  if (claim.filedBy === actor.id) return false;
  if (claim.status === 'submitted')
    return councilFor(claim.unit) === null
      ? actor.role === 'PRESIDENT'
      : councilOf(actor.role) === councilFor(claim.unit);
  return claim.status === 'secretary_approved' && actor.role === 'PRESIDENT';
}

/** Whether an approval of `amount` at the secretary's stage is final or goes on to the president. */
export const needsPresident = (claim: ClaimFacts, amount: number, presidentAbove: number): boolean =>
  claim.status === 'submitted' && councilFor(claim.unit) !== null && amount > presidentAbove;

/** The filer changes, submits or deletes their claim while it is theirs to change. */
export const mayChangeClaim = (actor: MoneyActor, claim: ClaimFacts): boolean =>
  claim.filedBy === actor.id && (claim.status === 'draft' || claim.status === 'returned');

/** The accounts office (the administrator) pays an approved claim. */
export const mayPay = (actor: MoneyActor, claim: ClaimFacts): boolean =>
  actor.role === 'ADMIN' && claim.status === 'approved' && claim.filedBy !== actor.id;

/**
 * The accounts office (the administrator) withdraws the approval of an approved claim it will not
 * pay, which gives its commitment back to the line; a claim paid or withdrawn stays as it is.
 */
export const mayWithdraw = (actor: MoneyActor, claim: ClaimFacts): boolean =>
  actor.role === 'ADMIN' && claim.status === 'approved';
