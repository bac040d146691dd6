import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { CREDENTIAL_MESSAGES, TRANSCRIPT_MESSAGES, type CredentialCheck } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { revocationOf } from './credential-status.service';
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
      identifier: z.array(z.object({ identityType: z.string(), identityHash: z.string() })).min(1),
      achievement: z.object({ name: z.string(), description: z.string().nullish() }),
    }),
  }),
});

const invalid = (message: string): CredentialCheck => ({
  valid: false,
  message,
  credential: null,
  revocation: null,
});

const UUID_URN = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The id of the issued credential a signed one names; a nil id (no record) for anything else. */
const credentialIdOf = (id: string | undefined) =>
  UUID_URN.exec(id ?? '')?.[1] ?? '00000000-0000-0000-0000-000000000000';

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
  const revocation = await revocationOf(db, credentialIdOf(vc.id));
  return {
    valid: revocation === null,
    message: revocation ? CREDENTIAL_MESSAGES.credentialRevoked : TRANSCRIPT_MESSAGES.credentialValid,
    revocation: revocation && {
      revokedAt: revocation.revokedAt.toISOString(),
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
