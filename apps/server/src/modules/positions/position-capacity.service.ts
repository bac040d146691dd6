import { and, count, eq, ne } from 'drizzle-orm';
import { fixed } from '../../db/fixed';
import type { Database } from '../../db/client';
import { positionHolders, positions } from '../../db/schema/index';

/** A position locked for a change of its holders, with the seats its tenure already fills. */
export type LockedPosition = {
  id: string;
  title: string;
  unitId: string;
  positionCount: number;
  retired: boolean;
  /** Active, verified holders of the tenure, not counting the record being changed. */
  activeHolders: number;
  /** Whether one more active holder fits in the tenure. */
  hasSeat: boolean;
};

/**
 * Locks the position row (FOR UPDATE) and counts its active, verified holders in `tenureYear`.
 * Every path that makes a holder active and verified (appointing, editing, verifying a
 * self-declared or pending record) calls this inside its transaction before writing, so two such
 * changes to one position run one after the other and the count cannot be passed, also when they
 * race. A path that changes an existing holding locks that holding's row first and this one after,
 * so no two paths wait for each other's locks. Returns null when the position does not exist.
 */
export async function lockPositionSeats(
  tx: Database,
  positionId: string,
  tenureYear: string,
  excludingHolderId?: string,
): Promise<LockedPosition | null> {
  const [position] = await tx
    .select({
      id: positions.id,
      title: positions.title,
      unitId: positions.unitId,
      positionCount: positions.positionCount,
      retiredAt: positions.retiredAt,
    })
    .from(positions)
    .where(eq(positions.id, positionId))
    .for('update');
  if (!position) return null;
  const conditions = [
    eq(positionHolders.positionId, positionId),
    eq(positionHolders.tenureYear, tenureYear),
    fixed(positionHolders.status, 'active'),
    fixed(positionHolders.verification, 'verified'),
  ];
  if (excludingHolderId) conditions.push(ne(positionHolders.id, excludingHolderId));
  const [taken] = await tx
    .select({ n: count() })
    .from(positionHolders)
    .where(and(...conditions));
  const activeHolders = taken?.n ?? 0;
  return {
    id: position.id,
    title: position.title,
    unitId: position.unitId,
    positionCount: position.positionCount,
    retired: position.retiredAt !== null,
    activeHolders,
    hasSeat: activeHolders < position.positionCount,
  };
}
