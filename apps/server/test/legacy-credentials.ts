import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { activeSigningKey } from '../src/modules/credentials/signing-keys.service';
import type { Database } from '../src/db/client';

/*
 * Credentials exactly as the portal signed them before status lists existed (git history of
 * credentials.service.ts, from "Issue verifiable co-curricular transcripts and Open Badges 3.0
 * credentials" to before "Give every credential a revocation status"), signed with the portal's own
 * key: an id of its own (urn:uuid, never stored), the holder's account as subject, the record as
 * credentialSubject.achievement.id, no credentialStatus. Two shapes: the first named the student by
 * name only; from "Name the student in a credential by their student id too" on, by student id too.
 */

export type LegacyShape = 'name only' | 'name and student id';

export type LegacyRecord = {
  kind: 'achievement' | 'position';
  recordId: string;
  userId: string;
  studentName: string;
  studentId?: string;
  /** The achievement's title, or "<position>, <unit>". */
  name: string;
  description: string;
  verifierName?: string;
  /** When it was signed; a minute ago unless said. */
  signedAt?: Date;
};

/** The portal a credential is signed for: its database (the key) and its public address. */
export type Portal = { db: Database; publicUrl: string };

/** Signs a credential of the shape the portal issued before status lists, with its active key. */
export async function signLegacyCredential(
  portal: Portal,
  shape: LegacyShape,
  record: LegacyRecord,
): Promise<{ token: string; id: string }> {
  const ISSUER_ID = `${portal.publicUrl}/api/issuer`;
  const key = await activeSigningKey(portal.db);
  const seconds = Math.floor((record.signedAt?.getTime() ?? Date.now() - 60_000) / 1000);
  const issuanceDate = new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
  const id = `urn:uuid:${randomUUID()}`;
  const subject = `urn:uuid:${record.userId}`;
  const issuer = {
    id: ISSUER_ID,
    type: ['Profile'],
    name: 'Indian Institute of Technology Bhilai',
    url: portal.publicUrl,
  };
  const identifier = [
    { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: record.studentName },
    ...(shape === 'name and student id' && record.studentId
      ? [
          {
            type: 'IdentityObject',
            identityType: 'studentId',
            hashed: false,
            identityHash: record.studentId,
          },
        ]
      : []),
  ];
  const vc = {
    '@context': [
      'https://www.w3.org/2018/credentials/v1',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer,
    issuanceDate,
    name: record.name,
    credentialSubject: {
      id: subject,
      type: ['AchievementSubject'],
      identifier,
      achievement: {
        id: `urn:uuid:${record.recordId}`,
        type: ['Achievement'],
        achievementType: record.kind === 'position' ? 'Membership' : 'Achievement',
        name: record.name,
        description: record.description,
        criteria: {
          narrative: `Verified by ${record.verifierName ?? 'the IIT Bhilai student council'}`,
        },
      },
    },
  };
  const token = await new SignJWT({ vc })
    .setProtectedHeader({ alg: 'RS256', kid: `${ISSUER_ID}/keys/${key.thumbprint}`, typ: 'JWT' })
    .setIssuer(ISSUER_ID)
    .setSubject(subject)
    .setJti(id)
    .setNotBefore(seconds)
    .setIssuedAt(seconds)
    .sign(key.privateKey);
  return { token, id: id.slice('urn:uuid:'.length) };
}
