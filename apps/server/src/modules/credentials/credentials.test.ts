import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { achievements, positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createAchievement,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

const ISSUER_ID = 'http://localhost:3000/api/issuer';
const KEY_URL_PREFIX = 'http://localhost:3000/api/issuer/keys/';
const INSTITUTE = 'Indian Institute of Technology Bhilai';
const NOT_VERIFIED = 'Only a verified record can be downloaded as a credential.';
const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';
const URN_UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '5b0e7c1a-3f2d-4c6e-9a8b-1d2e3f4a5b6c';

/** The parts of an OpenBadgeCredential these tests read. */
type Vc = {
  '@context': string[];
  id: string;
  type: string[];
  issuanceDate: string;
  issuer: unknown;
  credentialSubject: {
    id: string;
    type: string[];
    identifier: unknown;
    achievement: { criteria: { narrative: string } } & Record<string, unknown>;
  };
};

describe('credentials', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const check = (credential: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/verify/credentials',
      payload: { credential },
      headers: { origin: TEST_ORIGIN },
    });
  const student = async (name: string, studentId?: string) => {
    const { user } = await createStudent(ctx.db, { name, ...(studentId ? { studentId } : {}) });
    return { user, cookie: await signInAs(ctx, user) };
  };
  const president = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' }));
  const jwks = async () => (await get('/.well-known/jwks.json')).json() as JSONWebKeySet;

  describe('the issuer', () => {
    it('serves its Open Badges profile to anyone, cacheable for five minutes', async () => {
      const response = await get('/api/issuer');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.json()).toEqual({
        id: ISSUER_ID,
        type: ['Profile'],
        name: INSTITUTE,
        url: 'http://localhost:3000',
      });
    });

    it('publishes its public key as a JWKS and at the address its kid names, never the private half', async () => {
      const response = await get('/.well-known/jwks.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const { keys } = response.json() as { keys: Record<string, string>[] };
      expect(keys).toHaveLength(1);
      const key = keys[0]!;
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(key).toMatchObject({ kty: 'RSA', e: 'AQAB', alg: 'RS256', use: 'sig' });
      // A 2048-bit modulus is 256 bytes: 342 base64url characters.
      expect(key.n).toHaveLength(342);
      expect(key.kid!.startsWith(KEY_URL_PREFIX)).toBe(true);

      const own = await get(new URL(key.kid!).pathname);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('public, max-age=300');
      expect(own.json()).toEqual(key);
    });

    it('answers the JWKS as JSON even where the web app answers every other page address', async () => {
      const dist = mkdtempSync(path.join(os.tmpdir(), 'cosa-jwks-dist-'));
      writeFileSync(
        path.join(dist, 'index.html'),
        '<!doctype html><title>COSA Portal</title><div id="root"></div>',
      );
      const withPages = await buildApp({ config: ctx.config, database: ctx.database, webDistDir: dist });
      try {
        const response = await withPages.inject({
          method: 'GET',
          url: '/.well-known/jwks.json',
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual(await jwks());
        expect(
          (await withPages.inject({ method: 'GET', url: '/profile' })).headers['content-type'],
        ).toMatch(/^text\/html/);
      } finally {
        await withPages.close();
        rmSync(dist, { recursive: true, force: true });
      }
    });

    it('answers 404 for an unknown key id and 400 for one that cannot be a key id', async () => {
      const unknown = await get('/api/issuer/keys/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
      const bad = await get('/api/issuer/keys/not-a-key');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/me/achievements/:id/credential', () => {
    const url = (id: string) => `/api/me/achievements/${id}/credential`;

    it('asks a signed-out visitor to sign in, and refuses an id that is not one', async () => {
      const achievement = await createAchievement(ctx.db, {
        verified: true,
        verifiedBy: (await createUser(ctx.db, { role: 'PRESIDENT' })).id,
      });
      expect((await get(url(achievement.id))).statusCode).toBe(401);
      const { cookie } = await student('Dev Malhotra');
      const bad = await get(url('12345'), cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual({ id: 'Not a valid id.' });
    });

    it("answers another student's verified achievement exactly as an unknown one", async () => {
      const official = await createUser(ctx.db, { role: 'PRESIDENT' });
      const { user: other } = await student('Neha Kapoor');
      const theirs = await createAchievement(ctx.db, {
        userId: other.id,
        verified: true,
        verifiedBy: official.id,
        verifiedAt: new Date(),
      });
      const { cookie } = await student('Dev Malhotra');
      const foreign = await get(url(theirs.id), cookie);
      const unknown = await get(url(UNKNOWN_ID), cookie);
      expect(foreign.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
    });

    it('refuses an achievement still waiting for verification, and a declined one', async () => {
      const { user, cookie } = await student('Dev Malhotra');
      const pending = await createAchievement(ctx.db, { userId: user.id });
      const declined = await createAchievement(ctx.db, {
        userId: user.id,
        declinedAt: new Date(),
        declineReason: 'No certificate attached.',
      });
      for (const id of [pending.id, declined.id]) {
        const response = await get(url(id), cookie);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: NOT_VERIFIED });
      }
    });

    it('downloads a verified achievement as a VC-JWT that the published keys verify', async () => {
      const { user, cookie } = await student('Ritika Sen', '23110042');
      const achievement = await createAchievement(ctx.db, {
        userId: user.id,
        title: 'Smart India Hackathon winner',
        description: 'Won the national round with a flood-warning app.',
      });
      expect((await get(url(achievement.id), cookie)).statusCode).toBe(409);
      const verified = await ctx.app.inject({
        method: 'POST',
        url: `/api/endorsements/achievements/${achievement.id}/verify`,
        headers: { origin: TEST_ORIGIN, cookie: await president() },
      });
      expect(verified.statusCode).toBe(200);

      const before = Math.floor(Date.now() / 1000);
      const response = await get(url(achievement.id), cookie);
      const after = Math.ceil(Date.now() / 1000);
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db
        .select({ code: achievements.achievementCode })
        .from(achievements)
        .where(eq(achievements.id, achievement.id));
      expect(row!.code).toMatch(/^ACH-\d{5,}$/);
      expect(response.headers['content-type']).toBe('application/jwt');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${row!.code}.jwt"`);
      expect(response.headers['cache-control']).toBe('no-store');

      const token = response.body;
      const header = decodeProtectedHeader(token);
      expect(header.alg).toBe('RS256');
      expect(header.typ).toBe('JWT');
      const keys = await jwks();
      const published = await get(new URL(String(header.kid)).pathname);
      expect(published.statusCode).toBe(200);
      expect(keys.keys).toContainEqual(published.json());

      const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
        algorithms: ['RS256'],
        issuer: ISSUER_ID,
      });
      const vc = payload.vc as Vc;
      expect(payload.iss).toBe(ISSUER_ID);
      expect(payload.sub).toBe(`urn:uuid:${user.id}`);
      expect(payload.jti).toMatch(URN_UUID);
      expect(payload.nbf).toBeGreaterThanOrEqual(before);
      expect(payload.nbf).toBeLessThanOrEqual(after);
      expect(payload.iat).toBe(payload.nbf);
      expect(vc['@context']).toEqual([
        'https://www.w3.org/2018/credentials/v1',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ]);
      expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
      expect(vc.id).toBe(payload.jti);
      expect(Date.parse(vc.issuanceDate)).toBe(payload.nbf! * 1000);
      expect(vc.issuer).toEqual({
        id: ISSUER_ID,
        type: ['Profile'],
        name: INSTITUTE,
        url: 'http://localhost:3000',
      });
      expect(vc.credentialSubject.id).toBe(payload.sub);
      expect(vc.credentialSubject.type).toEqual(['AchievementSubject']);
      expect(vc.credentialSubject.identifier).toEqual([
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: 'Ritika Sen' },
        { type: 'IdentityObject', identityType: 'studentId', hashed: false, identityHash: '23110042' },
      ]);
      const badge = vc.credentialSubject.achievement;
      expect(badge).toMatchObject({
        id: `urn:uuid:${achievement.id}`,
        type: ['Achievement'],
        achievementType: 'Achievement',
        name: 'Smart India Hackathon winner',
        description: 'Won the national round with a flood-warning app.',
      });
      expect(badge.criteria.narrative).toMatch(/^Verified by Kavya Menon on \d{1,2} [A-Z][a-z]+ \d{4}$/);

      const checked = await check(token);
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({
        valid: true,
        message: VALID,
        credential: {
          achievement: 'Smart India Hackathon winner',
          description: 'Won the national round with a flood-warning app.',
          subject: 'Ritika Sen (student id 23110042)',
          issuer: INSTITUTE,
          issuedAt: vc.issuanceDate,
        },
      });
    });
  });

  describe('GET /api/me/positions/:id/credential', () => {
    const url = (id: string) => `/api/me/positions/${id}/credential`;
    const seat = async (overrides: Parameters<typeof createPositionHolder>[1]) => {
      const unit = await createOrgUnit(ctx.db, {
        name: `Astronomy Club ${Math.random().toString(36).slice(2, 7)}`,
      });
      const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Outreach Lead' });
      return {
        unit,
        holder: await createPositionHolder(ctx.db, { positionId: position.id, ...overrides }),
      };
    };

    it('asks a signed-out visitor to sign in, and refuses an id that is not one', async () => {
      const { holder } = await seat({});
      expect((await get(url(holder.id))).statusCode).toBe(401);
      const { cookie } = await student('Dev Malhotra');
      expect((await get(url('not-an-id'), cookie)).statusCode).toBe(400);
    });

    it("answers another student's verified position exactly as an unknown one", async () => {
      const { user: other } = await student('Neha Kapoor');
      const { holder } = await seat({ userId: other.id });
      const { cookie } = await student('Dev Malhotra');
      const foreign = await get(url(holder.id), cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual((await get(url(UNKNOWN_ID), cookie)).json());
    });

    it('refuses a self-declared, a pending and a declined position', async () => {
      const { user, cookie } = await student('Dev Malhotra');
      const coordinator = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
      const holders = [
        (await seat({ userId: user.id, verification: 'self_declared' })).holder,
        (await seat({ userId: user.id, verification: 'pending' })).holder,
        (
          await seat({
            userId: user.id,
            verification: 'declined',
            declinedBy: coordinator.id,
            declinedAt: new Date(),
            declineReason: 'Not on the club roster.',
          })
        ).holder,
      ];
      for (const holder of holders) {
        const response = await get(url(holder.id), cookie);
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(NOT_VERIFIED);
      }
    });

    it('refuses a verified position its holder was removed from', async () => {
      const { user, cookie } = await student('Dev Malhotra');
      const { holder } = await seat({ userId: user.id, status: 'terminated' });
      const response = await get(url(holder.id), cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'A position you were removed from cannot be downloaded as a credential.',
      );
    });

    it('downloads a verified position as a membership credential named after the position and its unit', async () => {
      const { user, cookie } = await student('Ritika Sen');
      const official = await createUser(ctx.db, { role: 'GENSEC_SCITECH', name: 'Arnav Kulkarni' });
      const { unit, holder } = await seat({
        userId: user.id,
        tenureYear: '2025-2026',
        verification: 'verified',
        verifiedBy: official.id,
        verifiedAt: new Date('2025-07-01T06:00:00Z'),
      });
      const response = await get(url(holder.id), cookie);
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db
        .select({ code: positionHolders.porCode })
        .from(positionHolders)
        .where(eq(positionHolders.id, holder.id));
      expect(row!.code).toMatch(/^POR-\d{5,}$/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${row!.code}.jwt"`);

      const { payload } = await jwtVerify(response.body, createLocalJWKSet(await jwks()), {
        algorithms: ['RS256'],
        issuer: ISSUER_ID,
      });
      const badge = (payload.vc as Vc).credentialSubject.achievement;
      expect(badge).toEqual({
        id: `urn:uuid:${holder.id}`,
        type: ['Achievement'],
        achievementType: 'Membership',
        name: `Outreach Lead, ${unit.name}`,
        description: `Held the position of responsibility Outreach Lead in ${unit.name} for the tenure 2025-2026.`,
        criteria: { narrative: 'Verified by Arnav Kulkarni on 1 July 2025' },
      });
      expect(payload.sub).toBe(`urn:uuid:${user.id}`);
    });
  });
});
