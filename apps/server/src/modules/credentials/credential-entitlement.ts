import { eq, sql } from 'drizzle-orm';
import {
  AUTHORITY_MESSAGES,
  canIssueCredential,
  canIssuePositionCredential,
  type Decision,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { positionHolders, positions, users } from '../../db/schema/index';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import { AppError } from '../../lib/app-error';

/*
 * The institute signs only what someone entitled to verify it verified (contracts record-authority,
 * canIssueCredential, canIssuePositionCredential): otherwise 409 with whom to ask. The verifier is
 * judged as they are now.
 */

const factsOf = (db: Database, id: string | null, role: string | null) =>
  id && role ? actorFactsOf(db, { id, role }) : Promise.resolve(null);

const refuseUnless = (decision: Decision, message: string) => {
  if (!decision.allowed) throw AppError.conflict(message);
};

/** An achievement: a club coordinator's verification covers only their club's events at the institute's level. */
export async function requireEntitledVerifier(
  db: Database,
  ownerId: string,
  row: {
    verifierId: string | null;
    verifierRole: string | null;
    ownerRole: string;
    type: string;
    level: string | null;
    unitId: string | null;
  },
): Promise<void> {
  const decision = canIssueCredential(await factsOf(db, row.verifierId, row.verifierRole), {
    kind: 'achievement',
    ownerId,
    ownerRole: row.ownerRole,
    type: row.type,
    level: row.level,
    unit: row.unitId ? await unitFactsOf(db, row.unitId) : null,
  });
  refuseUnless(decision, AUTHORITY_MESSAGES.credentialUnentitled);
}

/**
 * A position holding: whoever verified it, or appointed it verified (the name the credential
 * prints), may manage it or, a coordinator, verify a student's claim to their club's seat.
 */
export async function requireEntitledPositionVerifier(db: Database, holdingId: string): Promise<void> {
  const [row] = await db
    .select({
      holderId: positionHolders.userId,
      unitId: positions.unitId,
      verifierId: users.id,
      verifierRole: users.role,
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .leftJoin(
      users,
      eq(users.id, sql`coalesce(${positionHolders.verifiedBy}, ${positionHolders.appointedBy})`),
    )
    .where(eq(positionHolders.id, holdingId))
    .limit(1);
  const unit = row ? await unitFactsOf(db, row.unitId) : null;
  const verifier = row ? await factsOf(db, row.verifierId, row.verifierRole) : null;
  const decision =
    row && unit
      ? canIssuePositionCredential(verifier, { holderId: row.holderId, unit })
      : ({ allowed: false, reason: '' } as const);
  refuseUnless(decision, AUTHORITY_MESSAGES.positionCredentialUnentitled);
}
