import { and, eq, isNotNull, ne } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  canManageHolding,
  type ActorFacts,
  ERROR_CODES,
  POSITION_ADMIN_MESSAGES,
  POSITION_MESSAGES,
  type HolderInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { positionHolders, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { checkAppointer, shortfallOf } from './holdings.service';
import { lockPositionSeats, type LockedPosition } from './position-capacity.service';
import { unitFactsOf } from '../clubs/unit-facts.service';
import type { CosaActor } from './positions.policy';

/* The checks a change of a position holder passes, in the order the service runs them. */

/** Nobody appoints themself or changes their own holding (403). */
export function refuseOwn(actor: CosaActor, userId: string): void {
  if (userId === actor.id) throw AppError.forbidden(POSITION_ADMIN_MESSAGES.ownHolding);
}

/**
 * The person and the appointing official must be proven accounts (key-share locked until the
 * commit). A person newly appointed must be neither the institute administrator, who is not a
 * student, nor a deactivated account; an existing holding whose holder became either stays
 * editable (their data is kept).
 */
export async function checkPeople(tx: Database, input: HolderInput, newPerson: boolean): Promise<void> {
  const [holder] = await tx
    .select({ role: users.role, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(eq(users.id, input.userId), isNotNull(users.emailVerifiedAt)))
    .for('key share');
  if (!holder)
    throw AppError.badRequest(POSITION_ADMIN_MESSAGES.userNotFound, {
      userId: POSITION_ADMIN_MESSAGES.userNotFound,
    });
  if (newPerson && holder.role === 'ADMIN')
    throw AppError.badRequest(ADMIN_USER_MESSAGES.adminNotHolder, {
      userId: ADMIN_USER_MESSAGES.adminNotHolder,
    });
  if (newPerson && holder.deactivatedAt)
    throw AppError.badRequest(ADMIN_USER_MESSAGES.deactivatedNotHolder, {
      userId: ADMIN_USER_MESSAGES.deactivatedNotHolder,
    });
  if (input.appointment?.appointedById)
    await checkAppointer(tx, input.appointment.appointedById, input.userId);
}

/**
 * Refuses (403, with the rule's reason) a holding the actor may not appoint to, change or end
 * (contracts record-authority, canManageHolding): council offices are the administrator's, a general
 * secretary's are their council's clubs, and nobody's is their own.
 */
export async function requireManager(
  tx: Database,
  actor: ActorFacts,
  holding: { holderId: string; unitId: string },
): Promise<void> {
  const unit = await unitFactsOf(tx, holding.unitId);
  if (!unit)
    throw AppError.badRequest(POSITION_MESSAGES.positionNotFound, {
      positionId: POSITION_MESSAGES.positionNotFound,
    });
  const decision = canManageHolding(actor, { holderId: holding.holderId, unit });
  if (!decision.allowed) throw AppError.forbidden(decision.reason);
}

/** Locks the position (so appointments to it run one after another); it must exist and the actor may appoint to it. */
export async function lockPosition(
  tx: Database,
  actor: ActorFacts,
  input: HolderInput,
  excludingHolderId?: string,
): Promise<LockedPosition> {
  const position = await lockPositionSeats(tx, input.positionId, input.tenureYear, excludingHolderId);
  if (!position)
    throw AppError.badRequest(POSITION_MESSAGES.positionNotFound, {
      positionId: POSITION_MESSAGES.positionNotFound,
    });
  await requireManager(tx, actor, { holderId: input.userId, unitId: position.unitId });
  return position;
}

export function refuseRetired(position: LockedPosition): void {
  if (position.retired)
    throw AppError.conflict(POSITION_ADMIN_MESSAGES.retiredNoHolders, {
      positionId: POSITION_ADMIN_MESSAGES.retiredNoHolders,
    });
}

export function requireSeat(position: LockedPosition, needed: boolean): void {
  if (needed && !position.hasSeat) {
    const message = POSITION_ADMIN_MESSAGES.noSeat(position.positionCount);
    throw AppError.conflict(message, { positionId: message });
  }
}

/** The same person, position and tenure once only: said before the seat or the requirements, which would mislead. */
export async function refuseDuplicate(
  tx: Database,
  input: HolderInput,
  excludingHolderId?: string,
): Promise<void> {
  const same = [
    eq(positionHolders.userId, input.userId),
    eq(positionHolders.positionId, input.positionId),
    eq(positionHolders.tenureYear, input.tenureYear),
  ];
  if (excludingHolderId) same.push(ne(positionHolders.id, excludingHolderId));
  const [row] = await tx
    .select({ id: positionHolders.id })
    .from(positionHolders)
    .where(and(...same))
    .limit(1);
  if (row)
    throw AppError.conflict(POSITION_ADMIN_MESSAGES.duplicate, {
      userId: POSITION_ADMIN_MESSAGES.duplicate,
    });
}

/** Unless the official confirmed after seeing it, a shortfall of the requirements is answered 409 REQUIREMENTS_NOT_MET with each gap. */
export async function checkRequirements(
  tx: Database,
  input: HolderInput,
): Promise<Record<string, string>> {
  const gaps = await shortfallOf(tx, input.userId, input.positionId);
  if (Object.keys(gaps).length > 0 && !input.confirm)
    throw new AppError(409, ERROR_CODES.requirementsNotMet, POSITION_ADMIN_MESSAGES.shortfall, gaps);
  return gaps;
}

/** Runs a write, answering the unique index on person, position and tenure (a duplicate arriving at the same moment) as the duplicate check does. */
export const withDuplicateCheck = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) === 'position_holders_user_position_tenure_key') {
      throw AppError.conflict(POSITION_ADMIN_MESSAGES.duplicate, {
        userId: POSITION_ADMIN_MESSAGES.duplicate,
      });
    }
    throw error;
  }
};
