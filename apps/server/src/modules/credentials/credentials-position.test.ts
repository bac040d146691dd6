import { eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createUser,
} from '../../../test/factories';
import { credentialClientOf, type Vc } from '../../../test/credential-client';

const ISSUER_ID = 'http://localhost:3000/api/issuer';
const NOT_VERIFIED = 'Only a verified record can be downloaded as a credential.';
const UNKNOWN_ID = '5b0e7c1a-3f2d-4c6e-9a8b-1d2e3f4a5b6c';

describe('credentials', () => {
  const ctx = useTestApp();
  const { get, student, jwks } = credentialClientOf(ctx);

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
