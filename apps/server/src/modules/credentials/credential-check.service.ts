import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { CREDENTIAL_MESSAGES, TRANSCRIPT_MESSAGES, type CredentialCheck } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { revocationOf } from './credential-status.service';
import { legacyRevocationOf, legacyStatementOf, type Ending } from './legacy-credentials.service';
import type { IssuerConfig } from './credentials.service';
import { issuerIdOf, SIGNING_ALG, thumbprintOfKeyId, verificationKey } from './signing-keys.service';

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
    id: z.string().optional(),
    type: z.array(z.string()).refine((types) => types.includes('OpenBadgeCredential')),
    issuer: z.object({ name: z.string() }),
    issuanceDate: z.string(),
    credentialSubject: z.object({
      id: z.string().optional(),
      identifier: z.array(z.object({ identityType: z.string(), identityHash: z.string() })).min(1),
      achievement: z.object({
        id: z.string().optional(),
        achievementType: z.string().optional(),
        name: z.string(),
        description: z.string().nullish(),
      }),
    }),
    /** Absent from the credentials signed before status lists existed. */
    credentialStatus: z.unknown().optional(),
  }),
});

/** A signed credential as this portal reads it. */
export type StatedCredential = z.infer<typeof StatedSchema>['vc'];

const invalid = (message: string): CredentialCheck => ({
  valid: false,
  message,
  credential: null,
  revocation: null,
});

const UUID_URN = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The nil id: no credential has it. */
export const NO_CREDENTIAL_ID = '00000000-0000-0000-0000-000000000000';
/** The id of the issued credential a signed one names; the nil id (no record) for anything else. */
export const credentialIdOf = (id: string | undefined) =>
  UUID_URN.exec(id ?? '')?.[1]?.toLowerCase() ?? NO_CREDENTIAL_ID;

/** A credential this portal signed, unaltered; or why it is not one, as the check says it. */
export type ReadCredential = { ok: true; vc: StatedCredential } | { ok: false; message: string };

/** Reads a credential: signed by one of this portal's keys, retired ones included, and unaltered. */
export async function readCredential(
  db: Database,
  config: IssuerConfig,
  token: string,
): Promise<ReadCredential> {
  const refused = (message: string) => ({ ok: false, message }) as const;
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return refused(TRANSCRIPT_MESSAGES.credentialMalformed);
  }
  const thumbprint = thumbprintOfKeyId(config, kid);
  const key = thumbprint ? await verificationKey(db, thumbprint) : undefined;
  if (!key) return refused(TRANSCRIPT_MESSAGES.credentialUnknownKey);
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
    return refused(
      forged ? TRANSCRIPT_MESSAGES.credentialBadSignature : TRANSCRIPT_MESSAGES.credentialMalformed,
    );
  }
  const stated = StatedSchema.safeParse(payload);
  if (!stated.success) return refused(TRANSCRIPT_MESSAGES.credentialMalformed);
  return { ok: true, vc: stated.data.vc };
}

/**
 * Whether a credential still stands: its row's revocation; for one signed before status lists
 * (no credentialStatus) without a revocation of its own, the judgment of the record it names.
 */
async function revocationOfCredential(db: Database, vc: StatedCredential): Promise<Ending | null> {
  const own = await revocationOf(db, credentialIdOf(vc.id));
  if (own) return { reason: own.reason, at: own.revokedAt };
  if (vc.credentialStatus !== undefined) return null;
  const statement = legacyStatementOf(vc);
  return statement && legacyRevocationOf(db, statement);
}

/**
 * Whether a credential was signed by one of this portal's keys, retired ones included, and is
 * unaltered, and whether the institute revoked it; what it states when it is. Any text at all gets
 * an answer, never an error.
 */
export async function checkCredential(
  db: Database,
  config: IssuerConfig,
  token: string,
): Promise<CredentialCheck> {
  const read = await readCredential(db, config, token);
  if (!read.ok) return invalid(read.message);
  const { vc } = read;
  const revocation = await revocationOfCredential(db, vc);
  return {
    valid: revocation === null,
    message: revocation ? CREDENTIAL_MESSAGES.credentialRevoked : TRANSCRIPT_MESSAGES.credentialValid,
    revocation: revocation && {
      revokedAt: revocation.at?.toISOString() ?? null,
      reason: revocation.reason,
    },
    credential: {
      achievement: vc.credentialSubject.achievement.name,
      description: vc.credentialSubject.achievement.description ?? null,
      subject: subjectOf(vc.credentialSubject.identifier),
      issuer: vc.issuer.name,
      issuedAt: vc.issuanceDate,
    },
  };
}
