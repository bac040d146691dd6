import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { achievements } from '../../db/schema/index';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { createAchievement, createUser } from '../../../test/factories';
import { credentialClientOf, type Vc } from '../../../test/credential-client';

const ISSUER_ID = 'http://localhost:3000/api/issuer';
const INSTITUTE = 'Indian Institute of Technology Bhilai';
const NOT_VERIFIED = 'Only a verified record can be downloaded as a credential.';
const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';
const URN_UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '5b0e7c1a-3f2d-4c6e-9a8b-1d2e3f4a5b6c';

describe('credentials', () => {
  const ctx = useTestApp();
  const { get, check, student, president, jwks } = credentialClientOf(ctx);

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
        revocation: null,
      });
    });
  });
});
