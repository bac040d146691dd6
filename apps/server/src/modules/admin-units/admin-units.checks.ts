import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { ADMIN_UNIT_MESSAGES, type UnitType } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { orgUnits, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { listed, placementProblem, type ParentFacts } from './admin-units.policy';

/* The checks a change of the unit tree passes before the service writes it. */

/** 409 on the name field when another unit has this name whatever the case (retired ones keep theirs). */
export async function checkNameFree(tx: Database, name: string, selfId: string | null): Promise<void> {
  const [taken] = await tx
    .select({ name: orgUnits.name, retiredAt: orgUnits.retiredAt })
    .from(orgUnits)
    .where(
      and(
        eq(sql`lower(${orgUnits.name})`, sql`lower(${name})`),
        selfId ? ne(orgUnits.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (!taken) return;
  const message = taken.retiredAt
    ? ADMIN_UNIT_MESSAGES.nameTakenRetired(taken.name)
    : ADMIN_UNIT_MESSAGES.nameTaken;
  throw AppError.conflict(message, { name: message });
}

/** The parent named by the input, key-share locked; 400 when there is none. */
export async function parentOf(tx: Database, parentId: string | null): Promise<ParentFacts> {
  if (!parentId) return null;
  const [parent] = await tx
    .select({ id: orgUnits.id, name: orgUnits.name, type: orgUnits.type, retiredAt: orgUnits.retiredAt })
    .from(orgUnits)
    .where(eq(orgUnits.id, parentId))
    .for('key share');
  if (!parent)
    throw AppError.badRequest(ADMIN_UNIT_MESSAGES.parentNotFound, {
      parentId: ADMIN_UNIT_MESSAGES.parentNotFound,
    });
  return { id: parent.id, name: parent.name, type: parent.type, retired: parent.retiredAt !== null };
}

/** The campus has one apex council in use: 409 naming it when another one than selfId is. */
export async function checkOnlyCouncil(tx: Database, selfId: string | null): Promise<void> {
  const [other] = await tx
    .select({ name: orgUnits.name })
    .from(orgUnits)
    .where(
      and(
        eq(orgUnits.type, 'council'),
        isNull(orgUnits.retiredAt),
        selfId ? ne(orgUnits.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (other)
    throw AppError.conflict(ADMIN_UNIT_MESSAGES.oneCouncil(other.name), {
      type: ADMIN_UNIT_MESSAGES.oneCouncil(other.name),
    });
}

/** 409 when the type cannot sit under the parent (a rule of the tree, not a malformed request). */
export async function checkPlacement(
  tx: Database,
  type: UnitType,
  parent: ParentFacts,
  selfId: string | null,
): Promise<void> {
  const problem = placementProblem(type, parent);
  if (problem) throw AppError.conflict(problem, { parentId: problem });
  if (type === 'council') await checkOnlyCouncil(tx, selfId);
}

/** Locks a unit for a change; 404 when there is none. */
export async function lockUnit(tx: Database, id: string) {
  const [unit] = await tx.select().from(orgUnits).where(eq(orgUnits.id, id)).for('update');
  if (!unit) throw AppError.notFound(ADMIN_UNIT_MESSAGES.notFound);
  return unit;
}

/** True when `candidate` is the unit or lies below it, so the unit cannot move under it. */
export async function isSelfOrBelow(tx: Database, unitId: string, candidate: string): Promise<boolean> {
  if (unitId === candidate) return true;
  const rows = await tx.execute(sql`with recursive below(id) as (
      select id from ${orgUnits} where parent_id = ${unitId}
      union
      select u.id from ${orgUnits} u join below b on u.parent_id = b.id
    ) select 1 from below where id = ${candidate} limit 1`);
  return rowsOf(rows).length > 0;
}

/**
 * 409 on type naming the club coordinator accounts linked to the unit, when there are any. A link
 * made meanwhile waits for the unit's row lock (it key-share locks the club) and then finds no club.
 */
export async function checkNoCoordinator(tx: Database, id: string): Promise<void> {
  const coordinators = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.clubUnitId, id))
    .orderBy(asc(users.name));
  if (coordinators.length === 0) return;
  const message = ADMIN_UNIT_MESSAGES.retypeHasCoordinator(
    listed(coordinators.map((person) => person.name)),
    coordinators.length,
  );
  throw AppError.conflict(message, { type: message });
}
