import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUTHORITY_MESSAGES,
  canIssueCredential,
  canIssuePositionCredential,
  type ActorFacts,
  type UnitFacts,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { achievements, events, positionHolders, positions, users } from '../../db/schema/index';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import { AppError } from '../../lib/app-error';

/*
 * The institute signs only what someone entitled to verify it verified (contracts record-authority,
 * canIssueCredential, canIssuePositionCredential): otherwise 409 with whom to ask, and the
 * student's list of records says the same where the download would be. The verifier is judged as
 * they are now.
 */

/** Facts read once per verifier and per unit for a list of records. */
function factsReader(db: Database) {
  const actors = new Map<string, Promise<ActorFacts>>();
  const units = new Map<string, Promise<UnitFacts | null>>();
  return {
    actor: (id: string | null, role: string | null) => {
      if (!id || !role) return Promise.resolve(null);
      if (!actors.has(id)) actors.set(id, actorFactsOf(db, { id, role }));
      return actors.get(id)!;
    },
    unit: (id: string | null) => {
      if (!id) return Promise.resolve(null);
      if (!units.has(id)) units.set(id, unitFactsOf(db, id));
      return units.get(id)!;
    },
  };
}

type AchievementFacts = {
  verifierId: string | null;
  verifierRole: string | null;
  ownerRole: string;
  type: string;
  level: string | null;
  unitId: string | null;
};

async function achievementRefusal(
  facts: ReturnType<typeof factsReader>,
  ownerId: string,
  row: AchievementFacts,
): Promise<string | null> {
  const decision = canIssueCredential(await facts.actor(row.verifierId, row.verifierRole), {
    kind: 'achievement',
    ownerId,
    ownerRole: row.ownerRole,
    type: row.type,
    level: row.level,
    unit: await facts.unit(row.unitId),
  });
  return decision.allowed ? null : AUTHORITY_MESSAGES.credentialUnentitled;
}

/** An achievement: a club coordinator's verification covers only their club's events at the institute's level. */
export async function requireEntitledVerifier(
  db: Database,
  ownerId: string,
  row: AchievementFacts,
): Promise<void> {
  const refusal = await achievementRefusal(factsReader(db), ownerId, row);
  if (refusal) throw AppError.conflict(refusal);
}

const holdingVerifier = alias(users, 'holding_verifier');

/** A holding's facts: its holder and unit, and whoever verified it or appointed it verified. */
const holdingFactsOf = (db: Database, where: ReturnType<typeof and>) =>
  db
    .select({
      id: positionHolders.id,
      holderId: positionHolders.userId,
      unitId: positions.unitId,
      verifierId: holdingVerifier.id,
      verifierRole: holdingVerifier.role,
    })
    .from(positionHolders)
    .innerJoin(positions, eq(positions.id, positionHolders.positionId))
    .leftJoin(
      holdingVerifier,
      eq(
        holdingVerifier.id,
        sql`coalesce(${positionHolders.verifiedBy}, ${positionHolders.appointedBy})`,
      ),
    )
    .where(where);

type HoldingRow = Awaited<ReturnType<typeof holdingFactsOf>>[number];

async function positionRefusal(
  facts: ReturnType<typeof factsReader>,
  row: HoldingRow,
): Promise<string | null> {
  const unit = await facts.unit(row.unitId);
  const verifier = await facts.actor(row.verifierId, row.verifierRole);
  if (!unit) return AUTHORITY_MESSAGES.positionCredentialUnentitled;
  const decision = canIssuePositionCredential(verifier, { holderId: row.holderId, unit });
  return decision.allowed ? null : decision.reason;
}

/**
 * A position holding: whoever verified it, or appointed it verified (the name the credential
 * prints), may manage it or, a coordinator, verify a student's claim to their club's seat. A
 * holding with nobody recorded waits for the administrator's confirmation, and the refusal says so.
 */
export async function requireEntitledPositionVerifier(db: Database, holdingId: string): Promise<void> {
  const [row] = await holdingFactsOf(db, and(eq(positionHolders.id, holdingId)));
  const refusal = row
    ? await positionRefusal(factsReader(db), row)
    : AUTHORITY_MESSAGES.positionCredentialUnentitled;
  if (refusal) throw AppError.conflict(refusal);
}

/**
 * Why each of a student's records would not be signed as a credential (null: it would), for the
 * records the student sees with a download each.
 */
export async function credentialRefusals(
  db: Database,
  userId: string,
  ids: { achievements: string[]; positions: string[] },
): Promise<Map<string, string | null>> {
  const facts = factsReader(db);
  const verifier = alias(users, 'achievement_verifier');
  const owner = alias(users, 'achievement_owner');
  const [achievementRows, holdingRows] = await Promise.all([
    ids.achievements.length
      ? db
          .select({
            id: achievements.id,
            verifierId: verifier.id,
            verifierRole: verifier.role,
            ownerRole: owner.role,
            type: achievements.type,
            level: achievements.level,
            unitId: events.organizingUnitId,
          })
          .from(achievements)
          .innerJoin(owner, eq(owner.id, achievements.userId))
          .leftJoin(verifier, eq(verifier.id, achievements.verifiedBy))
          .leftJoin(events, eq(events.id, achievements.eventId))
          .where(and(eq(achievements.userId, userId), inArray(achievements.id, ids.achievements)))
      : [],
    ids.positions.length
      ? holdingFactsOf(
          db,
          and(eq(positionHolders.userId, userId), inArray(positionHolders.id, ids.positions)),
        )
      : [],
  ]);
  const refusals = new Map<string, string | null>();
  for (const row of achievementRows) refusals.set(row.id, await achievementRefusal(facts, userId, row));
  for (const row of holdingRows) refusals.set(row.id, await positionRefusal(facts, row));
  return refusals;
}
