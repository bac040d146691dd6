import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  MONEY_MESSAGES,
  type AllocationInput,
  type BudgetLine,
  type MoneySettingsInput,
  type TransferInput,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { addEntries, lockLine, lockLineOf, moneyUnitOf, rupees, type LockedLine } from './ledger';
import { mayAllocate, mayPassDown, type MoneyActor } from './money.policy';

/*
 * A tenure's budgets (decision 0040): allocations by the president or the administrator, a
 * council's money passed down to its clubs, and the institute's amount above which the president
 * approves a claim. Every change is entries of the ledger, each with its line locked.
 */

const lineView = (line: LockedLine): BudgetLine => ({
  id: line.id,
  heading: line.heading,
  allocated: line.allocated,
  committed: line.committed,
  paid: line.paid,
  available: line.available,
});

const unitField = () =>
  AppError.badRequest(MONEY_MESSAGES.unitUnknown, { unitId: MONEY_MESSAGES.unitUnknown });

/** Adds to a unit's line for the tenure (made at nothing when new), or reduces it down to what is spent or promised. */
export async function allocate(
  db: Database,
  actor: MoneyActor,
  input: AllocationInput,
): Promise<BudgetLine> {
  if (!mayAllocate(actor)) throw AppError.forbidden(MONEY_MESSAGES.notAllocator);
  return db.transaction(async (tx) => {
    const unit = await moneyUnitOf(tx, input.unitId);
    if (!unit) throw unitField();
    if (unit.retired && input.change === 'add') throw AppError.conflict(MONEY_MESSAGES.retiredUnit);
    const line = await lockLineOf(tx, input.tenureYear, unit.id, input.heading);
    if (input.change === 'reduce' && input.amount > line.available)
      throw AppError.conflict(MONEY_MESSAGES.reductionTooLarge(line.available), {
        amount: MONEY_MESSAGES.reductionTooLarge(line.available),
      });
    await addEntries(tx, [
      {
        lineId: line.id,
        kind: input.change === 'add' ? 'allocation' : 'reduction',
        amount: input.amount,
        actorId: actor.id,
        reason: input.reason,
      },
    ]);
    return lineView((await lockLine(tx, line.id))!);
  });
}

/** Passes part of a council's line down to one of its clubs, for the same tenure and heading. */
export async function passDown(
  db: Database,
  actor: MoneyActor,
  input: TransferInput,
): Promise<{ from: BudgetLine; to: BudgetLine }> {
  return db.transaction(async (tx) => {
    const from = await lockLine(tx, input.fromLineId);
    if (!from)
      throw AppError.badRequest(MONEY_MESSAGES.lineUnknown, { fromLineId: MONEY_MESSAGES.lineUnknown });
    const council = (await moneyUnitOf(tx, from.unitId))!;
    if (council.type !== 'committee') {
      if (!mayAllocate(actor)) throw AppError.forbidden(MONEY_MESSAGES.notTransferrer);
      throw AppError.conflict(MONEY_MESSAGES.transferFromCouncil);
    }
    if (!mayPassDown(actor, council)) throw AppError.forbidden(MONEY_MESSAGES.notTransferrer);
    const club = await moneyUnitOf(tx, input.toUnitId);
    if (!club || club.type !== 'club' || club.council !== council.council)
      throw AppError.badRequest(MONEY_MESSAGES.transferToOwnClub, {
        toUnitId: MONEY_MESSAGES.transferToOwnClub,
      });
    if (club.retired) throw AppError.conflict(MONEY_MESSAGES.retiredUnit);
    if (input.amount > from.available)
      throw AppError.conflict(MONEY_MESSAGES.notEnough(from.available), {
        amount: MONEY_MESSAGES.notEnough(from.available),
      });
    // The council's line is locked first, then the club's: every transfer takes them in that order.
    const to = await lockLineOf(tx, from.tenureYear, club.id, input.heading);
    const transferId = randomUUID();
    await addEntries(tx, [
      {
        lineId: from.id,
        kind: 'transfer_out',
        amount: input.amount,
        actorId: actor.id,
        reason: input.reason,
        transferId,
      },
      {
        lineId: to.id,
        kind: 'transfer_in',
        amount: input.amount,
        actorId: actor.id,
        reason: input.reason,
        transferId,
      },
    ]);
    return {
      from: lineView((await lockLine(tx, from.id))!),
      to: lineView((await lockLine(tx, to.id))!),
    };
  });
}

/** The amount above which a claim the general secretary approved goes on to the president. */
export async function presidentAbove(db: Pick<Database, 'execute'>): Promise<number> {
  const [row] = rowsOf<{ president_above: string }>(
    await db.execute(sql`select president_above::text from money_settings where id`),
  );
  return row ? rupees(row.president_above) : 0;
}

/** The administrator sets that amount; it applies to approvals from now on. */
export async function setPresidentAbove(
  db: Database,
  actor: MoneyActor,
  input: MoneySettingsInput,
): Promise<number> {
  if (actor.role !== 'ADMIN') throw AppError.forbidden(MONEY_MESSAGES.settingsAdminOnly);
  await db.execute(sql`
    insert into money_settings (id, president_above, updated_by, updated_at)
    values (true, ${input.presidentAbove.toFixed(2)}::numeric, ${actor.id}::uuid, now())
    on conflict (id) do update set president_above = excluded.president_above,
      updated_by = excluded.updated_by, updated_at = now()`);
  return input.presidentAbove;
}
