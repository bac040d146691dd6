import { and, asc, count, eq, isNull, like, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  canConfirmHolding,
  HOLDING_CONFIRMATION_MESSAGES,
  POSITION_ADMIN_MESSAGES,
  type ConfirmHoldingsRequest,
  type ConfirmHoldingsResult,
  type UnconfirmedHoldingList,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { instituteNameOf } from '../../db/institute-name';
import { orgUnits, positionHolders, positions, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import { isWithdrawn } from '../transcripts/record-withdrawals.service';

/*
 * Holdings recorded verified before the portal kept who verified or appointed them: the institute
 * does not sign them (canIssuePositionCredential) until the administrator confirms one, which
 * records the administrator as its verifier, audited (decision 0017).
 */

/** How many holdings one page shows; the units' counts cover the rest, and a unit is confirmed at once. */
const PAGE = 100;

/** Verified, not ended early, not withdrawn, and nobody recorded as its verifier or appointer. */
const awaiting: SQL = and(
  eq(positionHolders.verification, 'verified'),
  ne(positionHolders.status, 'terminated'),
  isNull(positionHolders.verifiedBy),
  isNull(positionHolders.appointedBy),
  not(isWithdrawn('position', positionHolders.id)),
)!;

type Actor = { id: string; role: string };

/** The holdings awaiting confirmation, by unit then position and holder; one unit's, or matching a search. */
export async function unconfirmedHoldings(
  db: Database,
  actor: Actor,
  query: { unitId?: string | undefined; q?: string | undefined },
): Promise<UnconfirmedHoldingList> {
  const where = and(
    awaiting,
    query.unitId ? eq(positions.unitId, query.unitId) : undefined,
    query.q ? like(positionHolders.searchText, sql`lower(${containsPattern(query.q)})`) : undefined,
  );
  const [rows, [total], units] = await Promise.all([
    db
      .select({
        id: positionHolders.id,
        code: positionHolders.porCode,
        holderId: positionHolders.userId,
        holderName: sql<string>`${instituteNameOf(users)}`,
        studentId: users.studentId,
        position: positions.title,
        unitId: orgUnits.id,
        unitName: orgUnits.name,
        tenureYear: positionHolders.tenureYear,
        status: positionHolders.status,
      })
      .from(positionHolders)
      .innerJoin(users, eq(users.id, positionHolders.userId))
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(where)
      .orderBy(asc(orgUnits.name), asc(positions.title), asc(positionHolders.porCode))
      .limit(PAGE),
    db
      .select({ n: count() })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .where(where),
    db
      .select({ id: orgUnits.id, name: orgUnits.name, count: count() })
      .from(positionHolders)
      .innerJoin(positions, eq(positions.id, positionHolders.positionId))
      .innerJoin(orgUnits, eq(orgUnits.id, positions.unitId))
      .where(awaiting)
      .groupBy(orgUnits.id, orgUnits.name)
      .orderBy(asc(orgUnits.name)),
  ]);
  return {
    total: total!.n,
    units,
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      holder: { name: row.holderName, studentId: row.studentId },
      position: row.position,
      unit: { id: row.unitId, name: row.unitName },
      tenureYear: row.tenureYear,
      status: row.status,
      own: row.holderId === actor.id,
    })),
  };
}

const confirmation = (actorId: string) => ({ verifiedBy: actorId, verifiedAt: sql`now()` });

/**
 * The administrator confirms one holding, or every holding of one unit awaiting it (their own left
 * out): each records the administrator as its verifier, in one audited transaction. Anyone else is
 * refused (canConfirmHolding), and a holding with nothing to confirm is refused with why.
 */
export async function confirmHoldings(
  db: Database,
  actor: Actor,
  request: ConfirmHoldingsRequest,
): Promise<ConfirmHoldingsResult> {
  const facts = { id: actor.id, role: actor.role, clubId: null };
  const allowed = canConfirmHolding(facts);
  if (!allowed.allowed) throw AppError.forbidden(allowed.reason);
  return asActor(db, actor.id, async (tx) => {
    if (request.holdingId) {
      const [holding] = await tx
        .select({ holderId: positionHolders.userId, awaits: sql<boolean>`${awaiting}` })
        .from(positionHolders)
        .where(eq(positionHolders.id, request.holdingId))
        .for('update');
      if (!holding) throw AppError.notFound(POSITION_ADMIN_MESSAGES.holderNotFound);
      const decision = canConfirmHolding(facts, holding);
      if (!decision.allowed) throw AppError.conflict(decision.reason);
      if (!holding.awaits) throw AppError.conflict(HOLDING_CONFIRMATION_MESSAGES.nothingToConfirm);
      await tx
        .update(positionHolders)
        .set(confirmation(actor.id))
        .where(eq(positionHolders.id, request.holdingId));
      return { confirmed: 1 };
    }
    const unitId = request.unitId!;
    const [unit] = await tx.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, unitId));
    if (!unit) throw AppError.notFound(HOLDING_CONFIRMATION_MESSAGES.unitNotFound);
    const confirmed = await tx
      .update(positionHolders)
      .set(confirmation(actor.id))
      .where(
        and(
          awaiting,
          ne(positionHolders.userId, actor.id),
          sql`${positionHolders.positionId} in (select ${positions.id} from ${positions} where ${positions.unitId} = ${unitId})`,
        ),
      )
      .returning({ id: positionHolders.id });
    if (!confirmed.length) throw AppError.conflict(HOLDING_CONFIRMATION_MESSAGES.noneInUnit);
    return { confirmed: confirmed.length };
  });
}
