import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import {
  AUTHORITY_MESSAGES,
  canIssueCredential,
  TRANSCRIPT_MESSAGES,
  type CredentialCheck,
} from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { achievements, events, positionHolders, users } from '../../db/schema/index';
import { actorFactsOf, unitFactsOf } from '../clubs/unit-facts.service';
import { AppError } from '../../lib/app-error';
import { positionOnRecord } from '../transcripts/transcripts.service';
import {
  activeSigningKey,
  issuerIdOf,
  keyIdOf,
  SIGNING_ALG,
  thumbprintOfKeyId,
  verificationKey,
} from './signing-keys.service';

type IssuerConfig = Pick<Config, 'publicUrl' | 'INSTITUTE_NAME' | 'INSTITUTE_SHORT_NAME' | 'TIME_ZONE'>;

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

function longDate(value: Date | string, timeZone: string): string {
  const date = typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : value;
  // A calendar date has no time of day: shown in UTC it stays the day that was entered.
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: typeof value === 'string' ? 'UTC' : timeZone,
  }).format(date);
}

function narrative(config: IssuerConfig, facts: Facts): string {
  const by = facts.verifierName ?? `the ${config.INSTITUTE_SHORT_NAME} student council`;
  return facts.verifiedAt
    ? `Verified by ${by} on ${longDate(facts.verifiedAt, config.TIME_ZONE)}`
    : `Verified by ${by}`;
}

async function sign(db: Database, config: IssuerConfig, facts: Facts): Promise<string> {
  const key = await activeSigningKey(db);
  const seconds = Math.floor(Date.now() / 1000);
  // nbf carries whole seconds, and the JWT's claims must say what the credential says.
  const issuanceDate = new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  const id = `urn:uuid:${randomUUID()}`;
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

/**
 * The institute signs only what someone entitled to verify that kind of record verified (contracts
 * record-authority, canIssueCredential): a club coordinator's verification of an achievement not
 * tied to their club's events is not signed (409). The verifier is judged as they are now.
 */
async function requireEntitledVerifier(
  db: Database,
  ownerId: string,
  row: {
    verifierId: string | null;
    verifierRole: string | null;
    ownerRole: string;
    type: string;
    unitId: string | null;
  },
): Promise<void> {
  const verifierFacts =
    row.verifierId && row.verifierRole
      ? await actorFactsOf(db, { id: row.verifierId, role: row.verifierRole })
      : null;
  const decision = canIssueCredential(verifierFacts, {
    kind: 'achievement',
    ownerId,
    ownerRole: row.ownerRole,
    type: row.type,
    unit: row.unitId ? await unitFactsOf(db, row.unitId) : null,
  });
  if (!decision.allowed) throw AppError.conflict(AUTHORITY_MESSAGES.credentialUnentitled);
}

/** A credential for one of the student's own verified achievements; 404 for anyone else's, 409 while unverified. */
export async function issueAchievementCredential(
  db: Database,
  config: IssuerConfig,
  userId: string,
  achievementId: string,
): Promise<IssuedCredential> {
  const [row] = await db
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
      studentName: sql<string>`coalesce(${users.officialName}, ${users.name})`,
      studentId: users.studentId,
      verifierName: verifier.name,
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
  if (!row.verified) throw AppError.conflict(TRANSCRIPT_MESSAGES.credentialNotVerified);
  await requireEntitledVerifier(db, userId, row);
  // Open Badges requires a description; a record without one is described by what it holds.
  const summary = [
    row.position,
    row.category,
    row.level ? `${row.level} level` : null,
    `achieved on ${longDate(row.dateAchieved, config.TIME_ZONE)}`,
  ];
  const jwt = await sign(db, config, {
    recordId: achievementId,
    userId,
    studentName: row.studentName,
    studentId: row.studentId,
    name: row.title,
    description: row.description?.trim() || `${summary.filter(Boolean).join(', ')}.`,
    achievementType: 'Achievement',
    verifierName: row.verifierName,
    verifiedAt: row.verifiedAt,
  });
  return { jwt, code: row.code };
}

/** A credential for one of the student's own verified positions of responsibility; 404 for anyone else's, 409 while unverified or left early. */
export async function issuePositionCredential(
  db: Database,
  config: IssuerConfig,
  userId: string,
  positionHolderId: string,
): Promise<IssuedCredential> {
  // Exactly the positions a transcript may carry.
  const onRecord = await positionOnRecord(db, userId, positionHolderId);
  if (!onRecord) {
    const [holding] = await db
      .select({ verification: positionHolders.verification })
      .from(positionHolders)
      .where(and(eq(positionHolders.id, positionHolderId), eq(positionHolders.userId, userId)))
      .limit(1);
    if (!holding) throw AppError.notFound(NOT_YOURS);
    throw AppError.conflict(
      holding.verification === 'verified'
        ? TRANSCRIPT_MESSAGES.credentialTerminated
        : TRANSCRIPT_MESSAGES.credentialNotVerified,
    );
  }
  const { position, student } = onRecord;
  const jwt = await sign(db, config, {
    recordId: positionHolderId,
    userId,
    studentName: student.name,
    studentId: student.studentId,
    name: `${position.title}, ${position.unit}`,
    description: `Held the position of responsibility ${position.title} in ${position.unit} for the tenure ${position.tenureYear}.`,
    // A position of responsibility is a role held in one of the institute's bodies.
    achievementType: 'Membership',
    verifierName: position.verifiedBy,
    verifiedAt: position.verifiedAt === null ? null : new Date(position.verifiedAt),
  });
  return { jwt, code: position.code };
}

/** The student a credential names: their name, and their student id when it carries one. */
function subjectOf(identifiers: { identityType: string; identityHash: string }[]): string {
  const name =
    identifiers.find((entry) => entry.identityType === 'name')?.identityHash ??
    identifiers[0]!.identityHash;
  const studentId = identifiers.find((entry) => entry.identityType === 'studentId')?.identityHash;
  return studentId ? `${name} (student id ${studentId})` : name;
}

/** The part of a credential the check shows; anything else in a validly signed payload is left alone. */
const StatedSchema = z.object({
  vc: z.object({
    type: z.array(z.string()).refine((types) => types.includes('OpenBadgeCredential')),
    issuer: z.object({ name: z.string() }),
    issuanceDate: z.string(),
    credentialSubject: z.object({
      identifier: z.array(z.object({ identityType: z.string(), identityHash: z.string() })).min(1),
      achievement: z.object({ name: z.string(), description: z.string().nullish() }),
    }),
  }),
});

const invalid = (message: string): CredentialCheck => ({ valid: false, message, credential: null });

/**
 * Whether a credential was signed by one of this portal's keys, retired ones included, and is
 * unaltered; what it states when it is. Any text at all gets an answer, never an error.
 */
export async function checkCredential(
  db: Database,
  config: IssuerConfig,
  token: string,
): Promise<CredentialCheck> {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return invalid(TRANSCRIPT_MESSAGES.credentialMalformed);
  }
  const thumbprint = thumbprintOfKeyId(config, kid);
  const key = thumbprint ? await verificationKey(db, thumbprint) : undefined;
  if (!key) return invalid(TRANSCRIPT_MESSAGES.credentialUnknownKey);
  let payload: unknown;
  try {
    // A minute of leeway: another process may have issued it a moment "ahead" of this one's clock.
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [SIGNING_ALG],
      issuer: issuerIdOf(config),
      typ: 'JWT',
      clockTolerance: 60,
    }));
  } catch (error) {
    const forged =
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JOSEAlgNotAllowed;
    return invalid(
      forged ? TRANSCRIPT_MESSAGES.credentialBadSignature : TRANSCRIPT_MESSAGES.credentialMalformed,
    );
  }
  const stated = StatedSchema.safeParse(payload);
  if (!stated.success) return invalid(TRANSCRIPT_MESSAGES.credentialMalformed);
  const { vc } = stated.data;
  return {
    valid: true,
    message: TRANSCRIPT_MESSAGES.credentialValid,
    credential: {
      achievement: vc.credentialSubject.achievement.name,
      description: vc.credentialSubject.achievement.description ?? null,
      subject: subjectOf(vc.credentialSubject.identifier),
      issuer: vc.issuer.name,
      issuedAt: vc.issuanceDate,
    },
  };
}
