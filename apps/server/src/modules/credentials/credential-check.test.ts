import { eq } from 'drizzle-orm';
import {
  base64url,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createAchievement, createStudent, createUser } from '../../../test/factories';
import { signingKeys } from '../../db/schema/index';
import { rotateSigningKey } from './signing-keys.service';

const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';
const MALFORMED = 'This is not a credential: paste the whole text of the .jwt file.';
const UNKNOWN_KEY = 'This credential was not signed by a key of this portal.';
const BAD_SIGNATURE = 'This credential has been altered or was not signed by this portal.';
const KEY_URL_PREFIX = 'http://localhost:3000/api/issuer/keys/';

describe('POST /api/verify/credentials', () => {
  const ctx = useTestApp();
  const check = (payload: object, ip = freshIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/verify/credentials',
      payload,
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
    });
  const verdict = async (credential: string) => {
    const response = await check({ credential });
    expect(response.statusCode).toBe(200);
    return response.json() as { valid: boolean; message: string; credential: unknown };
  };

  /** A verified achievement of a new student, downloaded as a credential. */
  let downloads = 0;
  const download = async (title = 'Inter-IIT Tech Meet gold') => {
    downloads += 1;
    const { user } = await createStudent(ctx.db, {
      name: 'Ritika Sen',
      studentId: downloads === 1 ? '23110077' : String(23_119_000 + downloads),
    });
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title,
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/me/achievements/${achievement.id}/credential`,
      headers: { cookie: await signInAs(ctx, user) },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const kidOf = (token: string) => String(decodeProtectedHeader(token).kid);

  let genuine: string;
  beforeAll(async () => {
    genuine = await download();
  });

  it('refuses an empty and an over-long credential with 400', async () => {
    for (const payload of [
      {},
      { credential: '' },
      { credential: '   ' },
      { credential: 'x'.repeat(20_001) },
    ]) {
      const response = await check(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await check({ credential: 'x'.repeat(20_000) })).statusCode).toBe(200);
  });

  it('says a genuine credential is valid, to anyone', async () => {
    expect(await verdict(genuine)).toMatchObject({
      valid: true,
      message: VALID,
      credential: {
        achievement: 'Inter-IIT Tech Meet gold',
        subject: 'Ritika Sen (student id 23110077)',
      },
    });
    // Pasted from a file, with the line break an editor adds.
    expect((await verdict(`${genuine}\n`)).valid).toBe(true);
  });

  it('says a credential with one character of its payload changed has been altered', async () => {
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const text = new TextDecoder().decode(base64url.decode(payload));
    expect(text).toContain('Inter-IIT Tech Meet gold');
    const changed = base64url.encode(text.replace('Tech Meet gold', 'Tech Meet gild'));
    expect(await verdict(`${header}.${changed}.${signature}`)).toEqual({
      valid: false,
      message: BAD_SIGNATURE,
      credential: null,
      revocation: null,
    });
  });

  it("says one signed by another key under this portal's kid was not signed by this portal", async () => {
    const stranger = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(genuine) as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid: kidOf(genuine), typ: 'JWT' })
      .sign(stranger.privateKey);
    expect(await verdict(forged)).toEqual({
      valid: false,
      message: BAD_SIGNATURE,
      credential: null,
      revocation: null,
    });
    // Unsigned (alg none) and HMAC-signed copies under the same kid are no better.
    const unsigned = new UnsecuredJWT(decodeJwt(genuine)).encode();
    const [, body] = unsigned.split('.');
    const noneWithKid = `${base64url.encode(JSON.stringify({ alg: 'none', kid: kidOf(genuine), typ: 'JWT' }))}.${body}.`;
    expect((await verdict(noneWithKid)).message).toBe(BAD_SIGNATURE);
    const hmac = await new SignJWT(decodeJwt(genuine))
      .setProtectedHeader({ alg: 'HS256', kid: kidOf(genuine), typ: 'JWT' })
      .sign(new TextEncoder().encode('a shared secret anyone could pick'));
    expect((await verdict(hmac)).message).toBe(BAD_SIGNATURE);
  });

  it('says one naming a key of somebody else, or none, was not signed by a key of this portal', async () => {
    const stranger = await generateKeyPair('RS256');
    const thumbprint = kidOf(genuine).slice(KEY_URL_PREFIX.length);
    for (const kid of [
      `https://badges.example.org/api/issuer/keys/${thumbprint}`,
      `${KEY_URL_PREFIX}AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      'key-1',
      undefined,
    ]) {
      const token = await new SignJWT(decodeJwt(genuine))
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
        .sign(stranger.privateKey);
      expect(await verdict(token)).toEqual({
        valid: false,
        message: UNKNOWN_KEY,
        credential: null,
        revocation: null,
      });
    }
  });

  it("does not take the portal's own signature on something that is not one of its credentials", async () => {
    const kid = kidOf(genuine);
    const [row] = await ctx.db
      .select({ privateJwk: signingKeys.privateJwk })
      .from(signingKeys)
      .where(eq(signingKeys.id, kid.slice(KEY_URL_PREFIX.length)));
    const ownKey = (await importJWK(row!.privateJwk as JWK, 'RS256')) as CryptoKey;
    const claims = decodeJwt(genuine);
    const otherIssuer = await new SignJWT({ ...claims, iss: 'https://badges.example.org/issuer' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(ownKey);
    expect(await verdict(otherIssuer)).toEqual({
      valid: false,
      message: MALFORMED,
      credential: null,
      revocation: null,
    });
    const notABadge = await new SignJWT({
      ...claims,
      vc: { ...(claims.vc as object), type: ['VerifiableCredential'] },
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(ownKey);
    expect(await verdict(notABadge)).toEqual({
      valid: false,
      message: MALFORMED,
      credential: null,
      revocation: null,
    });
    // The same claims signed the same way are accepted: only the changes above made the difference.
    const resigned = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(ownKey);
    expect((await verdict(resigned)).valid).toBe(true);
  });

  it('says text that is no credential at all is not one, and never fails', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'RS256', kid: kidOf(genuine), typ: 'JWT' }));
    const garbage = [
      'hello',
      'a.b.c',
      '...',
      'eyJ.eyJ.eyJ',
      '\u202e\u200b',
      `${header}.not-base64!.x`,
      `${header}.${base64url.encode('[1,2]')}.AAAA`,
      genuine.split('.').slice(0, 2).join('.'),
    ];
    for (const credential of garbage) {
      const answer = await verdict(credential);
      expect(answer.valid).toBe(false);
      expect([MALFORMED, BAD_SIGNATURE]).toContain(answer.message);
    }
    expect((await verdict('hello')).message).toBe(MALFORMED);
    expect((await verdict('a.b.c')).message).toBe(MALFORMED);
  });

  it('refuses a 31st check from one address within a minute with 429, and not other addresses', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 31 }, () => check({ credential: 'hello' }, ip)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check({ credential: 'hello' })).statusCode).toBe(200);
  });

  // Last: it changes the keys every other test of this file reads.
  it('keeps verifying what a retired key signed after a rotation, and signs new credentials with the new key', async () => {
    const before = genuine;
    await rotateSigningKey(ctx.db);
    expect(await verdict(before)).toMatchObject({ valid: true, message: VALID });

    const jwks = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as {
      keys: { kid: string }[];
    };
    expect(jwks.keys).toHaveLength(2);
    const after = await download('Robocon national finalist');
    expect(kidOf(after)).not.toBe(kidOf(before));
    expect(kidOf(after).startsWith(KEY_URL_PREFIX)).toBe(true);
    // The new key is listed first: verifiers that take the first key take the one signing now.
    expect(jwks.keys.map((key) => key.kid)).toEqual([kidOf(after), kidOf(before)]);
    expect(await verdict(after)).toMatchObject({
      valid: true,
      credential: { achievement: 'Robocon national finalist' },
    });
  });
});
