import { gunzipSync } from 'node:zlib';
import {
  base64url,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { expect } from 'vitest';
import type { TestContext } from './build-test-app';

const ISSUER_ID = 'http://localhost:3000/api/issuer';

type StatusEntry = {
  id: string;
  type: string;
  statusPurpose: string;
  statusListIndex: string;
  statusListCredential: string;
};

/**
 * Checks a credential as an outside verifier would, with nothing but `jose` and HTTP: the
 * signature against the key its kid names, then the status list the credential points to (its
 * own signature too), then the bit at the credential's index. 1 means revoked.
 */
export function statusVerifierOf(ctx: TestContext) {
  const fetchPath = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });

  const verifySigned = async (token: string): Promise<JWTPayload> => {
    const kid = String(decodeProtectedHeader(token).kid);
    expect(kid.startsWith(`${ISSUER_ID}/keys/`)).toBe(true);
    const published = await fetchPath(kid);
    expect(published.statusCode).toBe(200);
    const key = (await importJWK(published.json() as JWK, 'RS256')) as CryptoKey;
    const { payload } = await jwtVerify(token, key, { algorithms: ['RS256'], issuer: ISSUER_ID });
    return payload;
  };

  /** The credential's status entry and the bit the published list holds for it. */
  const statusBit = async (token: string) => {
    const credential = await verifySigned(token);
    const entry = (credential.vc as { credentialStatus: StatusEntry }).credentialStatus;
    expect(entry.type).toBe('BitstringStatusListEntry');
    expect(entry.statusPurpose).toBe('revocation');
    expect(entry.id).toBe(`${entry.statusListCredential}#${entry.statusListIndex}`);
    const response = await fetchPath(entry.statusListCredential);
    expect(response.statusCode).toBe(200);
    const list = await verifySigned(response.body);
    const vc = list.vc as {
      type: string[];
      id: string;
      credentialSubject: { type: string; statusPurpose: string; encodedList: string };
    };
    expect(vc.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(vc.id).toBe(entry.statusListCredential);
    expect(vc.credentialSubject.type).toBe('BitstringStatusList');
    expect(vc.credentialSubject.statusPurpose).toBe('revocation');
    // Multibase base64url ('u'), gzip-compressed, at least 16 KB (131,072 entries).
    expect(vc.credentialSubject.encodedList.startsWith('u')).toBe(true);
    const bits = gunzipSync(base64url.decode(vc.credentialSubject.encodedList.slice(1)));
    expect(bits.length).toBeGreaterThanOrEqual(16_384);
    const index = Number(entry.statusListIndex);
    expect(Number.isInteger(index) && index >= 0 && index < bits.length * 8).toBe(true);
    // Index 0 is the first byte's leftmost (most significant) bit.
    const bit = (bits[Math.floor(index / 8)]! >> (7 - (index % 8))) & 1;
    return { bit, entry, revokedCount: countBits(bits), response };
  };
  return { statusBit, verifySigned, fetchPath };
}

function countBits(bits: Uint8Array): number {
  let n = 0;
  for (const byte of bits) for (let b = byte; b; b >>= 1) n += b & 1;
  return n;
}
