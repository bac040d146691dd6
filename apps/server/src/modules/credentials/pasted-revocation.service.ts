import { eq, sql } from 'drizzle-orm';
import {
  CREDENTIAL_MESSAGES,
  WITHDRAWING_REASONS,
  type IssuedCredentialSummary,
  type RevokeCredentialRequest,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { asActor } from '../../db/audit';
import { issuedCredentials, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { lockRecordForWithdrawal } from '../transcripts/record-withdrawals.service';
import {
  revocationBy,
  revokeCredential,
  revokeEveryCredentialOf,
  summaryColumns,
  summaryOf,
} from './credential-admin.service';
import { credentialIdOf, NO_CREDENTIAL_ID, readCredential } from './credential-check.service';
import type { IssuerConfig } from './credentials.service';
import { legacyRevocationOf, legacyStatementOf } from './legacy-credentials.service';

/**
 * The administrator revokes a credential by its own text (the .jwt file): the only way to name one
 * signed before status lists, which has no row until then. A credential with a row is revoked as by
 * its id (revokeCredential). One without is registered in issued_credentials, revoked from the
 * start, with no status entry: the check then finds its revocation (audited, with the
 * administrator as actor, by the row trigger). A credential its record already revoked is refused
 * as revoked; a reason about the record withdraws it as for any credential (record-withdrawals).
 */
export async function revokePastedCredential(
  db: Database,
  config: IssuerConfig,
  actorId: string,
  request: {
    credential: string;
    reason: RevokeCredentialRequest['reason'];
    note?: string | undefined;
  },
): Promise<IssuedCredentialSummary> {
  const read = await readCredential(db, config, request.credential);
  if (!read.ok) throw AppError.badRequest(read.message, { credential: read.message });
  const { vc } = read;
  const id = credentialIdOf(vc.id);
  const [known] = await db
    .select({ id: issuedCredentials.id })
    .from(issuedCredentials)
    .where(eq(issuedCredentials.id, id));
  if (known) return revokeCredential(db, actorId, known.id, request);
  if (vc.credentialStatus !== undefined) throw AppError.notFound(CREDENTIAL_MESSAGES.notFound);
  const statement = legacyStatementOf(vc);
  if (!statement || id === NO_CREDENTIAL_ID) throw AppError.badRequest(CREDENTIAL_MESSAGES.noRecord);

  const withdraws = (WITHDRAWING_REASONS as readonly string[]).includes(request.reason);
  return asActor(db, actorId, async (tx) => {
    // A withdrawal takes the record's row first, as for any credential: downloads under way finish.
    if (withdraws) await lockRecordForWithdrawal(tx, statement.kind, statement.recordId);
    if (await legacyRevocationOf(tx, statement))
      throw AppError.conflict(CREDENTIAL_MESSAGES.alreadyRevoked);
    const revocation = revocationBy(actorId, request);
    const [row] = await tx
      .insert(issuedCredentials)
      .values({
        id,
        // The holder the credential names, while their account exists.
        userId: statement.holderId
          ? sql`(select ${users.id} from ${users} where ${users.id} = ${statement.holderId})`
          : null,
        kind: statement.kind,
        recordId: statement.recordId,
        title: statement.name,
        issuedAt: statement.issuedAt,
        ...revocation,
      })
      .onConflictDoNothing({ target: issuedCredentials.id })
      .returning(summaryColumns);
    // Another administrator registered it a moment ago.
    if (!row) throw AppError.conflict(CREDENTIAL_MESSAGES.alreadyRevoked);
    if (withdraws) await revokeEveryCredentialOf(tx, statement, revocation);
    return summaryOf(row);
  });
}
