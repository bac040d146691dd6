import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_UNIT_MESSAGES,
  type AdminUnit,
  type UnitCreateInput,
  type UnitRetirementResponse,
  type UnitUpdateInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor, UNIT_CYCLE_CONSTRAINT } from '../../db/audit';
import { orgUnits, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { listed, misfitChildren, misfitMessage } from './admin-units.policy';
import { readUnit, readUnits } from './admin-units.read';
import {
  checkNameFree,
  checkNoCoordinator,
  checkOnlyCouncil,
  checkPlacement,
  isSelfOrBelow,
  lockUnit,
  parentOf,
} from './admin-units.checks';
import { closeRetiredClub } from '../club-membership/club-membership.service';

/** Who is asking: the session's administrator. */
export type UnitActor = { id: string };

/**
 * Every change of the tree takes the lock the cycle trigger takes (migration 0017), first thing:
 * changes are made one at a time, so the one-council rule, a retired parent and two crossing
 * moves are each checked against what the other change committed.
 */
const lockTree = (tx: Database) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('org_units_tree'))`);

/** The SQLSTATE and constraint of a database error, found through the ORM's wrapping. */
function constraintOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const each = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof each.code === 'string' && /^[0-9A-Z]{5}$/.test(each.code))
      return {
        code: each.code,
        constraint: typeof each.constraint === 'string' ? each.constraint : undefined,
      };
    current = each.cause;
  }
  return {};
}

/** The database's refusals as the 409s the service would have given, had it seen them first. */
function asConflict(error: unknown): never {
  const { code, constraint } = constraintOf(error);
  if (code === '23514' && constraint === UNIT_CYCLE_CONSTRAINT)
    throw AppError.conflict(ADMIN_UNIT_MESSAGES.cycle, { parentId: ADMIN_UNIT_MESSAGES.cycle });
  if (uniqueViolationOf(error) === 'org_units_name_lower_key')
    throw AppError.conflict(ADMIN_UNIT_MESSAGES.nameTaken, { name: ADMIN_UNIT_MESSAGES.nameTaken });
  throw error;
}

/** Runs the administrator's change, audited as theirs, with the database's refusals as 409s. */
async function change<T>(
  db: Database,
  actor: UnitActor,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await asActor(db, actor.id, async (tx) => {
      await lockTree(tx);
      return work(tx);
    });
  } catch (error) {
    return asConflict(error);
  }
}

/** /admin/units: every unit, retired ones included. */
export const listUnits = (db: Database): Promise<AdminUnit[]> => readUnits(db);

/** Creates a unit where the tree rules allow it, audited. */
export async function createUnit(
  db: Database,
  actor: UnitActor,
  input: UnitCreateInput,
): Promise<AdminUnit> {
  return change(db, actor, async (tx) => {
    await checkNameFree(tx, input.name, null);
    await checkPlacement(tx, input.type, await parentOf(tx, input.parentId), null);
    const [created] = await tx
      .insert(orgUnits)
      .values({
        name: input.name,
        type: input.type,
        parentId: input.parentId,
        description: input.description ?? null,
        category: input.category ?? null,
        contactEmail: input.contactEmail ?? null,
      })
      .returning({ id: orgUnits.id });
    return (await readUnit(tx, created!.id))!;
  });
}

/**
 * Renames, retypes, moves or describes a unit (its money is allocated on its budget lines). A retired unit is not changed (409:
 * reinstate it first), nor a club retyped while a coordinator is linked to it (409). A move under
 * the unit itself or one of its own units is refused here with a clear message, and by the
 * database's trigger should anything slip past.
 */
export async function updateUnit(
  db: Database,
  actor: UnitActor,
  id: string,
  input: UnitUpdateInput,
): Promise<AdminUnit> {
  return change(db, actor, async (tx) => {
    const unit = await lockUnit(tx, id);
    if (unit.retiredAt) throw AppError.conflict(ADMIN_UNIT_MESSAGES.isRetired);
    if (input.name !== undefined && input.name !== unit.name) await checkNameFree(tx, input.name, id);
    const type = input.type ?? unit.type;
    const parentId = input.parentId === undefined ? unit.parentId : input.parentId;
    if (type !== unit.type || parentId !== unit.parentId) {
      if (parentId && (await isSelfOrBelow(tx, id, parentId)))
        throw AppError.conflict(ADMIN_UNIT_MESSAGES.cycle, { parentId: ADMIN_UNIT_MESSAGES.cycle });
      await checkPlacement(tx, type, await parentOf(tx, parentId), id);
    }
    if (type !== unit.type) {
      const children = await tx
        .select({ name: orgUnits.name, type: orgUnits.type })
        .from(orgUnits)
        .where(eq(orgUnits.parentId, id))
        .orderBy(asc(orgUnits.name));
      const misfits = misfitChildren(type, children);
      if (misfits.length > 0)
        throw AppError.conflict(misfitMessage(type, misfits), { type: misfitMessage(type, misfits) });
      // A coordinator leads a club: one linked here would be left managing a unit that is none.
      if (type !== 'club') await checkNoCoordinator(tx, id);
    }
    await tx
      .update(orgUnits)
      .set({
        name: input.name,
        type,
        parentId,
        description: input.description,
        category: input.category,
        contactEmail: input.contactEmail,
      })
      .where(eq(orgUnits.id, id));
    return (await readUnit(tx, id))!;
  });
}

/**
 * Retires a unit: it keeps its history but leaves every picker, and its open positions retire
 * with it (nobody else can retire them: they would stay in the position pickers). Refused while
 * units below it are in use (they would hang from a retired unit) or a club coordinator account
 * is linked to it (that coordinator would manage a club nobody can pick). The row lock makes
 * positions and events being created for the unit wait, then see it retired.
 */
export async function retireUnit(
  db: Database,
  actor: UnitActor,
  id: string,
): Promise<UnitRetirementResponse> {
  return change(db, actor, async (tx) => {
    const unit = await lockUnit(tx, id);
    if (unit.retiredAt) throw AppError.conflict(ADMIN_UNIT_MESSAGES.alreadyRetired);
    const children = await tx
      .select({ name: orgUnits.name })
      .from(orgUnits)
      .where(and(eq(orgUnits.parentId, id), isNull(orgUnits.retiredAt)))
      .orderBy(asc(orgUnits.name));
    if (children.length > 0)
      throw AppError.conflict(
        ADMIN_UNIT_MESSAGES.hasChildren(listed(children.map((child) => child.name))),
      );
    const coordinators = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.clubUnitId, id))
      .orderBy(asc(users.name));
    if (coordinators.length > 0)
      throw AppError.conflict(
        ADMIN_UNIT_MESSAGES.hasCoordinator(listed(coordinators.map((person) => person.name))),
      );
    const now = new Date();
    await tx.update(orgUnits).set({ retiredAt: now }).where(eq(orgUnits.id, id));
    await closeRetiredClub(tx, id, actor.id);
    const retired = await tx
      .update(positions)
      .set({ retiredAt: now, retiredBy: actor.id })
      .where(and(eq(positions.unitId, id), isNull(positions.retiredAt)))
      .returning({ id: positions.id });
    return { unit: (await readUnit(tx, id))!, retiredPositions: retired.length };
  });
}

/**
 * Puts a retired unit back in the pickers, where the tree rules still allow it: its parent in
 * use, and no other apex council. Its positions stay retired (each may be long out of date).
 */
export async function reinstateUnit(db: Database, actor: UnitActor, id: string): Promise<AdminUnit> {
  return change(db, actor, async (tx) => {
    const unit = await lockUnit(tx, id);
    if (!unit.retiredAt) throw AppError.conflict(ADMIN_UNIT_MESSAGES.notRetired);
    const parent = await parentOf(tx, unit.parentId);
    if (parent?.retired) throw AppError.conflict(ADMIN_UNIT_MESSAGES.parentStillRetired(parent.name));
    if (unit.type === 'council') await checkOnlyCouncil(tx, id);
    await tx.update(orgUnits).set({ retiredAt: null }).where(eq(orgUnits.id, id));
    return (await readUnit(tx, id))!;
  });
}
