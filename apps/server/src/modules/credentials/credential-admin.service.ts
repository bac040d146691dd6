import { and, count, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CREDENTIAL_MESSAGES,
  WITHDRAWING_REASONS,
  type AdminCredential,
  type AdminCredentialList,
  type IssuedCredentialSummary,
  type RevokeCredentialRequest,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { issuedCredentials, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { containsPattern, prefixPattern } from '../../lib/search';
import { lockRecordForWithdrawal } from '../transcripts/record-withdrawals.service';
import { instituteNameOfPerson } from '../../db/institute-name';

/** How many credentials one search shows: a student has a handful; a credential id names one. */
const ADMIN_PAGE = 50;
const UUID = /^(?:urn:uuid:)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const revoker = alias(users, 'revoker');

export const summaryColumns = {
  id: issuedCredentials.id,
  kind: issuedCredentials.kind,
  title: issuedCredentials.title,
  issuedAt: issuedCredentials.issuedAt,
  revokedAt: issuedCredentials.revokedAt,
  reason: issuedCredentials.revocationReason,
};

type SummaryRow = {
  id: string;
  kind: 'achievement' | 'position';
  title: string;
  issuedAt: Date;
  revokedAt: Date | null;
  reason: IssuedCredentialSummary['reason'];
};

export const summaryOf = (row: SummaryRow): IssuedCredentialSummary => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  issuedAt: row.issuedAt.toISOString(),
  status: row.revokedAt ? 'revoked' : 'valid',
  revokedAt: row.revokedAt?.toISOString() ?? null,
  reason: row.reason,
});

/** The student's own issued credentials, newest first, each with whether it still stands and why not. */
export async function myCredentials(db: Database, userId: string): Promise<IssuedCredentialSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(issuedCredentials)
    .where(eq(issuedCredentials.userId, userId))
    .orderBy(desc(issuedCredentials.issuedAt), desc(issuedCredentials.id))
    .limit(500);
  return rows.map(summaryOf);
}

/** A credential id (with or without urn:uuid:), or the start of a student id, or part of a name, username or e-mail. */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const id = UUID.exec(q)?.[1];
  if (id) return eq(issuedCredentials.id, id.toLowerCase());
  if (/^\d+$/.test(q)) return like(users.studentId, prefixPattern(q));
  return or(
    like(users.searchKey, sql`lower(${containsPattern(q)})`),
    ilike(users.email, containsPattern(q)),
  );
}

/** Issued credentials for the administrator, newest first: whose, what, and any revocation with its private note. */
export async function adminCredentials(
  db: Database,
  q: string | undefined,
): Promise<AdminCredentialList> {
  const where = searchOf(q ?? '');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        holderName: instituteNameOfPerson(users),
        holderStudentId: users.studentId,
        note: issuedCredentials.revocationNote,
        revokedBy: revoker.name,
        listId: issuedCredentials.statusListId,
      })
      .from(issuedCredentials)
      .leftJoin(users, eq(users.id, issuedCredentials.userId))
      .leftJoin(revoker, eq(revoker.id, issuedCredentials.revokedBy))
      .where(where)
      .orderBy(desc(issuedCredentials.issuedAt), desc(issuedCredentials.id))
      .limit(ADMIN_PAGE),
    db
      .select({ n: count() })
      .from(issuedCredentials)
      .leftJoin(users, eq(users.id, issuedCredentials.userId))
      .where(where),
  ]);
  return {
    total: total!.n,
    items: rows.map((row): AdminCredential => ({
      ...summaryOf(row),
      legacy: row.listId === null,
      holder: row.holderName === null ? null : { name: row.holderName, studentId: row.holderStudentId },
      note: row.note,
      revokedBy: row.revokedBy,
    })),
  };
}

/**
 * The administrator revokes a credential with a reason class and an optional note, audited. A
 * revocation is final: a second one is refused (409), never rewritten. A reason that concerns the
 * record itself (WITHDRAWING_REASONS) withdraws the record from the institute's signature: every
 * standing credential of it falls with the same reason, and no new one is signed (record-withdrawals).
 */
export async function revokeCredential(
  db: Database,
  actorId: string,
  id: string,
  request: { reason: RevokeCredentialRequest['reason']; note?: string | undefined },
): Promise<IssuedCredentialSummary> {
  return asActor(db, actorId, async (tx) => {
    const [target] = await tx
      .select({ kind: issuedCredentials.kind, recordId: issuedCredentials.recordId })
      .from(issuedCredentials)
      .where(eq(issuedCredentials.id, id));
    if (!target) throw AppError.notFound(CREDENTIAL_MESSAGES.notFound);
    const withdraws = (WITHDRAWING_REASONS as readonly string[]).includes(request.reason);
    if (withdraws) await lockRecordForWithdrawal(tx, target.kind, target.recordId);
    const revocation = revocationBy(actorId, request);
    const [row] = await tx
      .update(issuedCredentials)
      .set(revocation)
      .where(and(eq(issuedCredentials.id, id), isNull(issuedCredentials.revokedAt)))
      .returning(summaryColumns);
    if (!row) throw AppError.conflict(CREDENTIAL_MESSAGES.alreadyRevoked);
    if (withdraws) await revokeEveryCredentialOf(tx, target, revocation);
    return summaryOf(row);
  });
}

/** The administrator's revocation as its row records it. */
export const revocationBy = (
  actorId: string,
  request: { reason: RevokeCredentialRequest['reason']; note?: string | undefined },
) => ({
  revokedAt: sql`now()`,
  revocationReason: request.reason,
  revocationNote: request.note ?? null,
  revokedBy: actorId,
});

/** Withdraws a record: every credential of it still standing falls with the same revocation. */
export async function revokeEveryCredentialOf(
  tx: Pick<Database, 'update'>,
  record: { kind: 'achievement' | 'position'; recordId: string },
  revocation: ReturnType<typeof revocationBy>,
): Promise<void> {
  await tx
    .update(issuedCredentials)
    .set(revocation)
    .where(
      and(
        eq(issuedCredentials.kind, record.kind),
        eq(issuedCredentials.recordId, record.recordId),
        isNull(issuedCredentials.revokedAt),
      ),
    );
}
