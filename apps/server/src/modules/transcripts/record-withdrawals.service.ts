import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CREDENTIAL_MESSAGES, WITHDRAWING_REASONS, type WithdrawingReason } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, issuedCredentials, positionHolders } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/*
 * A record the institute withdrew from its signature: an administrator revoked one of its
 * credentials for a reason that concerns the record itself (WITHDRAWING_REASONS: found untrue,
 * issued in error). The revoked credential row is the durable record of it: never deleted and
 * never undone (issued_credentials_guard), audited with the administrator as actor.
 */

type RecordKind = 'achievement' | 'position';
type Reader = Pick<Database, 'select'>;

const withdrawing = (kind: RecordKind) =>
  and(
    eq(issuedCredentials.kind, kind),
    inArray(issuedCredentials.revocationReason, [...WITHDRAWING_REASONS]),
  );

/** SQL: the record whose id `column` holds was withdrawn (for a NOT of it in a list's where). */
export const isWithdrawn = (kind: RecordKind, column: PgColumn): SQL =>
  sql`exists (select 1 from ${issuedCredentials} where ${withdrawing(kind)} and ${issuedCredentials.recordId} = ${column})`;

/** The withdrawn records among these ids, with the reason the administrator gave. */
export async function withdrawnRecords(
  db: Reader,
  kind: RecordKind,
  ids: string[],
): Promise<Map<string, WithdrawingReason>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: issuedCredentials.recordId, reason: issuedCredentials.revocationReason })
    .from(issuedCredentials)
    .where(and(withdrawing(kind), inArray(issuedCredentials.recordId, ids)));
  return new Map(rows.map((row) => [row.id, row.reason as WithdrawingReason]));
}

/** 409 with whom to ask when the institute withdrew the record; read after the record's row lock. */
export async function refuseWithdrawn(db: Reader, kind: RecordKind, id: string): Promise<void> {
  if ((await withdrawnRecords(db, kind, [id])).size)
    throw AppError.conflict(CREDENTIAL_MESSAGES.recordWithdrawn);
}

/**
 * Locks the record against new credentials until the withdrawal commits: downloads take its row
 * FOR SHARE, so one under way finishes first (and its credential is then revoked with the rest),
 * and one after it reads the withdrawal.
 */
export async function lockRecordForWithdrawal(tx: Reader, kind: RecordKind, id: string): Promise<void> {
  const table = kind === 'achievement' ? achievements : positionHolders;
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
}
