import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SignJWT } from 'jose';
import { TRANSCRIPT_MESSAGES } from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { achievements, events, positionHolders, users } from '../../db/schema/index';
import { instituteNameOf } from '../../db/institute-name';
import { AppError } from '../../lib/app-error';
import { positionOnRecord } from '../transcripts/transcripts.service';
import { activeSigningKey, issuerIdOf, keyIdOf, SIGNING_ALG } from './signing-keys.service';
import { credentialStatusOf, recordIssue, type StatusEntry } from './credential-status.service';
import {
  requireEntitledPositionVerifier,
  requireEntitledVerifier,
} from '../transcripts/record-entitlement.service';
import { refuseWithdrawn } from '../transcripts/record-withdrawals.service';
import { achievementDescriptionOf, longDate, positionDescriptionOf } from './credential-text';

export type IssuerConfig = Pick<
  Config,
  'publicUrl' | 'INSTITUTE_NAME' | 'INSTITUTE_SHORT_NAME' | 'TIME_ZONE'
>;

/** The same answer for another student's record and for no record, so that ids cannot be probed. */
const NOT_YOURS = 'None of your records has this id. Refresh the page and try again.';

const VC_CONTEXT = [
  'https://www.w3.org/2018/credentials/v1',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];

/** A credential a student downloads: the signed VC-JWT and the record's code, which names the file. */
export type IssuedCredential = { jwt: string; code: string };

/** The issuer's Open Badges 3.0 Profile, which credentials embed and GET /api/issuer serves. */
export function issuerProfile(config: IssuerConfig) {
  return {
    id: issuerIdOf(config),
    type: ['Profile'],
    name: config.INSTITUTE_NAME,
    url: config.publicUrl,
  };
}

/** What a credential states about one verified record. */
type Facts = {
  recordId: string;
  userId: string;
  studentName: string;
  /** Fixed at registration, unlike the name the student may edit. */
  studentId: string | null;
  name: string;
  description: string;
  /** From the Open Badges 3.0 AchievementType vocabulary. */
  achievementType: 'Achievement' | 'Membership';
  verifierName: string | null;
  verifiedAt: Date | null;
};

function narrative(config: IssuerConfig, facts: Facts): string {
  const by = facts.verifierName ?? `the ${config.INSTITUTE_SHORT_NAME} student council`;
  return facts.verifiedAt
    ? `Verified by ${by} on ${longDate(facts.verifiedAt, config.TIME_ZONE)}`
    : `Verified by ${by}`;
}

/** Signs a credential with its own entry in a revocation status list. */
async function sign(
  db: Database,
  config: IssuerConfig,
  facts: Facts,
  status: StatusEntry,
): Promise<string> {
  const key = await activeSigningKey(db);
  const seconds = Math.floor(Date.now() / 1000);
  // nbf carries whole seconds, and the JWT's claims must say what the credential says.
  const issuanceDate = new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  const id = `urn:uuid:${status.credentialId}`;
  const subject = `urn:uuid:${facts.userId}`;
  const issuer = issuerProfile(config);
  const vc = {
    '@context': VC_CONTEXT,
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer,
    issuanceDate,
    name: facts.name,
    credentialSubject: {
      id: subject,
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.studentName },
        ...(facts.studentId
          ? [
              {
                type: 'IdentityObject',
                identityType: 'studentId',
                hashed: false,
                identityHash: facts.studentId,
              },
            ]
          : []),
      ],
      achievement: {
        id: `urn:uuid:${facts.recordId}`,
        type: ['Achievement'],
        achievementType: facts.achievementType,
        name: facts.name,
        description: facts.description,
        criteria: { narrative: narrative(config, facts) },
      },
    },
    credentialStatus: credentialStatusOf(config, status),
  };
  return new SignJWT({ vc })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keyIdOf(config, key.thumbprint), typ: 'JWT' })
    .setIssuer(issuer.id)
    .setSubject(subject)
    .setJti(id)
    .setNotBefore(seconds)
    .setIssuedAt(seconds)
    .sign(key.privateKey);
}

const verifier = alias(users, 'verifier');

/** Locks a record's row against change until the credential stating it is recorded. */
async function lockRecord(
  tx: Database,
  table: typeof achievements | typeof positionHolders,
  id: string,
): Promise<void> {
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('share');
}

/** A credential for one of the student's own verified achievements; 404 for anyone else's, 409 while unverified. */
export async function issueAchievementCredential(
  db: Database,
  config: IssuerConfig,
  userId: string,
  achievementId: string,
): Promise<IssuedCredential> {
  return db.transaction(async (tx) => {
    // Held until the credential is recorded: a decline or an edit waits, then revokes it.
    await lockRecord(tx, achievements, achievementId);
    const [row] = await tx
      .select({
        code: achievements.achievementCode,
        title: achievements.title,
        description: achievements.description,
        category: achievements.category,
        level: achievements.level,
        position: achievements.position,
        dateAchieved: achievements.dateAchieved,
        verified: achievements.verified,
        verifiedAt: achievements.verifiedAt,
        // The institute's name for the student, never the display name they edit (decision 0015).
        studentName: sql<string>`${instituteNameOf(users)}`,
        studentId: users.studentId,
        // The verifier as the institute names them, never the display name they edit.
        verifierName: instituteNameOf(verifier),
        verifierId: verifier.id,
        verifierRole: verifier.role,
        ownerRole: users.role,
        type: achievements.type,
        unitId: events.organizingUnitId,
      })
      .from(achievements)
      .innerJoin(users, eq(users.id, achievements.userId))
      .leftJoin(verifier, eq(verifier.id, achievements.verifiedBy))
      .leftJoin(events, eq(events.id, achievements.eventId))
      .where(and(eq(achievements.id, achievementId), eq(achievements.userId, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(NOT_YOURS);
    // Read after the row lock: a withdrawal racing this download has committed or waits for it.
    await refuseWithdrawn(tx, 'achievement', achievementId);
    if (!row.verified) throw AppError.conflict(TRANSCRIPT_MESSAGES.credentialNotVerified);
    await requireEntitledVerifier(tx, userId, row);
    const status = await recordIssue(tx, {
      userId,
      kind: 'achievement',
      recordId: achievementId,
      title: row.title,
    });
    const jwt = await sign(
      tx,
      config,
      {
        recordId: achievementId,
        userId,
        studentName: row.studentName,
        studentId: row.studentId,
        name: row.title,
        description: achievementDescriptionOf(row),
        achievementType: 'Achievement',
        verifierName: row.verifierName,
        verifiedAt: row.verifiedAt,
      },
      status,
    );
    return { jwt, code: row.code };
  });
}

/** A credential for one of the student's own verified positions of responsibility; 404 for anyone else's, 409 while unverified or left early. */
export async function issuePositionCredential(
  db: Database,
  config: IssuerConfig,
  userId: string,
  positionHolderId: string,
): Promise<IssuedCredential> {
  return db.transaction(async (tx) => {
    // Held until the credential is recorded: an end, a delete or an edit waits, then revokes it.
    await lockRecord(tx, positionHolders, positionHolderId);
    // Exactly the positions a transcript may carry.
    const onRecord = await positionOnRecord(tx, userId, positionHolderId);
    if (!onRecord) {
      const [holding] = await tx
        .select({ verification: positionHolders.verification })
        .from(positionHolders)
        .where(and(eq(positionHolders.id, positionHolderId), eq(positionHolders.userId, userId)))
        .limit(1);
      if (!holding) throw AppError.notFound(NOT_YOURS);
      // A withdrawn record is off the transcripts too (record-withdrawals): say why.
      await refuseWithdrawn(tx, 'position', positionHolderId);
      throw AppError.conflict(
        holding.verification === 'verified'
          ? TRANSCRIPT_MESSAGES.credentialTerminated
          : TRANSCRIPT_MESSAGES.credentialNotVerified,
      );
    }
    await requireEntitledPositionVerifier(tx, positionHolderId);
    const { position, student } = onRecord;
    const name = `${position.title}, ${position.unit}`;
    const status = await recordIssue(tx, {
      userId,
      kind: 'position',
      recordId: positionHolderId,
      title: name,
    });
    const facts: Facts = {
      recordId: positionHolderId,
      userId,
      studentName: student.name,
      studentId: student.studentId,
      name,
      description: positionDescriptionOf(position),
      // A position of responsibility is a role held in one of the institute's bodies.
      achievementType: 'Membership',
      verifierName: position.verifiedBy,
      verifiedAt: position.verifiedAt === null ? null : new Date(position.verifiedAt),
    };
    return { jwt: await sign(tx, config, facts, status), code: position.code };
  });
}
