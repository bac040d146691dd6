import { ENDORSEMENT_MESSAGES, GENSEC_SKILL_TYPE } from './endorsements';
import { normalizeRole, type Role } from './roles';

/*
 * Who may verify, appoint, end and revoke what: the one rule every verify, endorse and appoint
 * route and the credential issuance apply (decision 0017). Pure functions over facts the server
 * reads from the database; the web app reads the same rule to show only the actions that work.
 */

/** The person acting: their role, the club a coordinator's account is linked to. */
export type ActorFacts = { id: string; role: string; clubId: string | null };

/**
 * A unit as the rule sees it: a council office (the apex council or one of its councils) or a club
 * (any unit below), and the council it sits in, named by that council's type (technical, cultural,
 * sports, academic), null for the apex council or a unit outside the four councils.
 */
export type UnitFacts = { id: string; councilOffice: boolean; council: string | null };

/**
 * A record awaiting verification. An achievement is tied to a unit through its event (the
 * organising unit), a skill claim through the position it names; a position record always is.
 */
export type RecordFacts =
  | {
      kind: 'achievement';
      ownerId: string;
      ownerRole: string | null;
      type: string;
      /** Its level (ACHIEVEMENT_LEVELS), null when none was given. */
      level: string | null;
      unit: UnitFacts | null;
    }
  | { kind: 'user-skill'; ownerId: string; type: string; unit: UnitFacts | null }
  | { kind: 'skill'; ownerId: string | null; type: string }
  | {
      kind: 'position-record';
      ownerId: string;
      unit: UnitFacts;
      /** A student's own claim, or a club coordinator's appointment awaiting the council. */
      verification: 'self_declared' | 'pending';
    };

/** A decision, with the message a refused actor reads. */
export type Decision = { allowed: true } | { allowed: false; reason: string };

export const AUTHORITY_MESSAGES = {
  ownRecord: 'Your own record is reviewed by another official.',
  notReviewer: 'Only the general secretaries, the president and club coordinators review records.',
  otherType: 'This item is reviewed by another general secretary.',
  coordinatorOwnClub:
    "A club coordinator verifies only records tied to their own club (its events and positions); this one goes to the council's general secretary or the president.",
  coordinatorLevel:
    "A club coordinator verifies only achievements at the institute's own level (College) at their club's events; a District, State, National or International achievement, or one with no level, goes to the council's general secretary or the president.",
  coordinatorNoClub:
    'Your account is not linked to a club yet. Ask the institute administrator to link it.',
  catalogueSkill: 'Skills of the catalogue are endorsed by the general secretaries and the president.',
  councilVerifies: ENDORSEMENT_MESSAGES.councilVerifies,
  otherCouncil:
    'This unit belongs to another council: its own general secretary or the president manages it.',
  councilOffice:
    'Council offices (the president, the general secretaries and every position of a council) are appointed, changed and ended by the institute administrator only.',
  councilOfficeDeclare:
    'Council offices are recorded by the institute administrator, not declared: ask the student affairs office to record yours.',
  ownHolding: 'You cannot appoint yourself or change your own holding: another official does that.',
  notManager:
    'Only the general secretaries, the president, club coordinators and the institute administrator manage position holders.',
  notYourClub: 'You can manage the positions of your own club only.',
  credentialUnentitled:
    "This achievement was verified by someone not entitled to verify it, so the institute does not sign it. Ask your council's general secretary or the president to review it.",
  positionCredentialUnentitled:
    'This position was verified or appointed by someone not entitled to, so the institute does not sign it. Ask the general secretary of its council, the president or, for a council office, the institute administrator to record it.',
  positionUnconfirmed:
    'This position was recorded before the portal kept who verified or appointed it, so the institute does not sign it as a credential yet. The institute administrator can confirm it: ask at the student affairs office.',
  revokeAdminOnly: 'Only the institute administrator revokes a credential.',
  confirmAdminOnly:
    'Only the institute administrator confirms a holding whose verifier the portal did not record.',
} as const;

/**
 * The achievement levels within the institute's own walls, which a club coordinator may vouch for
 * at their club's events; anything wider (district, state, national, international) needs a
 * council official.
 */
export const INSTITUTE_ACHIEVEMENT_LEVELS: readonly string[] = ['college'];

const allow: Decision = { allowed: true };
const refuse = (reason: string): Decision => ({ allowed: false, reason });

/** The council a general secretary serves, by its type (spec section 6); null for anyone else. */
export function councilOf(role: string): string | null {
  return GENSEC_SKILL_TYPE[normalizeRole(role)] ?? null;
}

const isGensec = (role: Role) => councilOf(role) !== null;

/** Whether a general secretary reviews an item of this type: their own type; the president's 'other' achievements too. */
function gensecReviewsType(role: Role, type: string, ownerRole: string | null): boolean {
  if (type === councilOf(role)) return true;
  return type === 'other' && ownerRole !== null && normalizeRole(ownerRole) === 'PRESIDENT';
}

/** Whether a club coordinator's club is the unit the record is tied to. */
const ownClub = (actor: ActorFacts, unit: UnitFacts | null): boolean =>
  actor.clubId !== null && unit !== null && !unit.councilOffice && unit.id === actor.clubId;

/**
 * Whether the actor may verify (or endorse, or decline) the record. A club coordinator: only records
 * tied to their own club, and of achievements only those at the institute's own level, never a
 * catalogue skill nor an appointment awaiting the council. A general
 * secretary: skills and achievements of their type; position records of their own council's clubs.
 * The president: every skill and achievement, the position records of every club. Council offices
 * are the administrator's (canManageHolding). Nobody reviews their own record.
 */
export function canVerify(actor: ActorFacts, record: RecordFacts): Decision {
  const role = normalizeRole(actor.role);
  if (record.ownerId !== null && record.ownerId === actor.id)
    return refuse(AUTHORITY_MESSAGES.ownRecord);
  if (role === 'CLUB_COORDINATOR') {
    if (record.kind === 'skill') return refuse(AUTHORITY_MESSAGES.catalogueSkill);
    if (actor.clubId === null) return refuse(AUTHORITY_MESSAGES.coordinatorNoClub);
    if (!ownClub(actor, record.unit)) return refuse(AUTHORITY_MESSAGES.coordinatorOwnClub);
    if (record.kind === 'position-record' && record.verification === 'pending')
      return refuse(AUTHORITY_MESSAGES.councilVerifies);
    if (record.kind === 'achievement' && !INSTITUTE_ACHIEVEMENT_LEVELS.includes(record.level ?? ''))
      return refuse(AUTHORITY_MESSAGES.coordinatorLevel);
    return allow;
  }
  if (role !== 'PRESIDENT' && !isGensec(role)) return refuse(AUTHORITY_MESSAGES.notReviewer);
  if (record.kind === 'position-record') {
    if (record.unit.councilOffice) return refuse(AUTHORITY_MESSAGES.councilOffice);
    if (role !== 'PRESIDENT' && record.unit.council !== councilOf(role))
      return refuse(AUTHORITY_MESSAGES.otherCouncil);
    return allow;
  }
  if (role === 'PRESIDENT') return allow;
  const ownerRole = record.kind === 'achievement' ? record.ownerRole : null;
  return gensecReviewsType(role, record.type, ownerRole) ? allow : refuse(AUTHORITY_MESSAGES.otherType);
}

/** A holding to be created, changed or ended: whose it is and the unit of its position. */
export type HoldingFacts = { holderId: string; unit: UnitFacts };

/**
 * Who creates, changes and ends council offices: the institute administrator. This is the one place
 * a confirmed election result joins as the other way in, when the portal runs elections.
 */
function changesCouncilOffices(actor: Pick<ActorFacts, 'role'>): boolean {
  return normalizeRole(actor.role) === 'ADMIN';
}

/**
 * Whether the actor may create, change or retire positions of the unit, and appoint to them. Council
 * offices (the positions of the apex council and of its councils: the president, the general
 * secretaries and their councils' positions) are changesCouncilOffices' alone, never an official's of
 * the same or a lower office. The administrator manages every unit; a general secretary their own
 * council's clubs, the president every club, a coordinator their own club.
 */
export function canManageUnitPositions(actor: ActorFacts, unit: UnitFacts): Decision {
  const role = normalizeRole(actor.role);
  if (unit.councilOffice)
    return changesCouncilOffices(actor) ? allow : refuse(AUTHORITY_MESSAGES.councilOffice);
  if (role === 'ADMIN') return allow;
  if (role !== 'PRESIDENT' && role !== 'CLUB_COORDINATOR' && !isGensec(role))
    return refuse(AUTHORITY_MESSAGES.notManager);
  if (role === 'CLUB_COORDINATOR') {
    if (actor.clubId === null) return refuse(AUTHORITY_MESSAGES.coordinatorNoClub);
    return unit.id === actor.clubId ? allow : refuse(AUTHORITY_MESSAGES.notYourClub);
  }
  if (role === 'PRESIDENT') return allow;
  return unit.council === councilOf(role) ? allow : refuse(AUTHORITY_MESSAGES.otherCouncil);
}

/** Whether the actor may appoint to, change or end a holding: as canManageUnitPositions, and never their own. */
export function canManageHolding(actor: ActorFacts, holding: HoldingFacts): Decision {
  if (holding.holderId === actor.id) return refuse(AUTHORITY_MESSAGES.ownHolding);
  return canManageUnitPositions(actor, holding.unit);
}

/** Whether the actor may revoke a credential the institute signed: the institute administrator only. */
export function canRevokeCredential(actor: Pick<ActorFacts, 'role'>): Decision {
  return normalizeRole(actor.role) === 'ADMIN' ? allow : refuse(AUTHORITY_MESSAGES.revokeAdminOnly);
}

/**
 * Whether the actor may confirm a verified holding recorded before the portal kept who verified or
 * appointed it (then signed as the actor's word): the institute administrator, never for their own.
 * Without a holding: whether the actor confirms holdings at all.
 */
export function canConfirmHolding(
  actor: ActorFacts,
  holding?: Pick<HoldingFacts, 'holderId'>,
): Decision {
  if (normalizeRole(actor.role) !== 'ADMIN') return refuse(AUTHORITY_MESSAGES.confirmAdminOnly);
  if (holding?.holderId === actor.id) return refuse(AUTHORITY_MESSAGES.ownHolding);
  return allow;
}

/**
 * Whether a verified record may become a credential: its verifier, as they were when they verified
 * it, was entitled to verify that kind of record. A record verified before the verifier's facts were
 * kept (no verifier facts) is judged by the verifier's current facts, which the caller passes.
 */
export function canIssueCredential(verifier: ActorFacts | null, record: RecordFacts): Decision {
  if (verifier === null) return refuse(AUTHORITY_MESSAGES.notReviewer);
  return canVerify(verifier, record);
}

/**
 * Whether a verified position holding may become a credential: whoever verified it (or appointed it
 * directly, which verifies it) was entitled to. A club coordinator vouches only for a student's own
 * claim to a seat of their club (canVerify); anyone else only for a holding they may manage
 * (canManageHolding: council offices are the administrator's). With no verifier recorded, the
 * refusal says the administrator can confirm the holding (canConfirmHolding).
 */
export function canIssuePositionCredential(
  verifier: ActorFacts | null,
  holding: HoldingFacts,
): Decision {
  // Nobody recorded (a holding from before the portal kept it): the administrator may confirm it.
  if (verifier === null) return refuse(AUTHORITY_MESSAGES.positionUnconfirmed);
  const decision =
    normalizeRole(verifier.role) === 'CLUB_COORDINATOR'
      ? canVerify(verifier, {
          kind: 'position-record',
          ownerId: holding.holderId,
          unit: holding.unit,
          verification: 'self_declared',
        })
      : canManageHolding(verifier, holding);
  return decision.allowed ? allow : refuse(AUTHORITY_MESSAGES.positionCredentialUnentitled);
}
