import { describe, expect, it } from 'vitest';
import { AUTHORITY_MESSAGES } from '@cosa/contracts';
import { useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createUser,
} from '../../../test/factories';

/**
 * The institute signs a position only when whoever verified or appointed it was entitled to
 * (contracts record-authority, canIssuePositionCredential): a coordinator for their own club's
 * seats, a general secretary for their council's clubs, the administrator for council offices.
 */
describe('credentials for positions: who verified them', () => {
  const ctx = useTestApp();
  const { get, student } = credentialClientOf(ctx);
  const url = (id: string) => `/api/me/positions/${id}/credential`;
  const seatAt = async (unitId: string, userId: string, verifiedBy: string | null) => {
    const position = await createPosition(ctx.db, {
      unitId,
      title: 'Outreach Lead',
      skillsRequired: [],
    });
    return createPositionHolder(ctx.db, {
      userId,
      positionId: position.id,
      verification: 'verified',
      verifiedBy,
      verifiedAt: verifiedBy ? new Date() : null,
    });
  };

  it("refuses a club seat verified by another club's coordinator or by nobody, signs its own coordinator's", async () => {
    const { user, cookie } = await student('Dev Malhotra');
    const club = await createOrgUnit(ctx.db, { name: 'Astronomy Club Tau' });
    const other = await createOrgUnit(ctx.db, { name: 'Chess Club Tau' });
    const ours = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const theirs = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: other.id });
    const byOther = await get(url((await seatAt(club.id, user.id, theirs.id)).id), cookie);
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().error.message).toBe(AUTHORITY_MESSAGES.positionCredentialUnentitled);
    // Nobody recorded: the administrator can confirm it (holding-confirmations), and the student is told so.
    const byNobody = await get(url((await seatAt(club.id, user.id, null)).id), cookie);
    expect(byNobody.statusCode).toBe(409);
    expect(byNobody.json().error.message).toBe(
      'This position was recorded before the portal kept who verified or appointed it, so the institute does not sign it as a credential yet. The institute administrator can confirm it: ask at the student affairs office.',
    );
    expect((await get(url((await seatAt(club.id, user.id, ours.id)).id), cookie)).statusCode).toBe(200);
  });

  it('signs a council office the administrator recorded, not one a general secretary or the president did', async () => {
    const { user, cookie } = await student('Ritika Sen');
    const council = await createOrgUnit(ctx.db, { name: 'COSA Tau', type: 'council', parentId: null });
    for (const role of ['GENSEC_SCITECH', 'PRESIDENT'] as const) {
      const official = await createUser(ctx.db, { role });
      const refused = await get(url((await seatAt(council.id, user.id, official.id)).id), cookie);
      expect(refused.statusCode, role).toBe(409);
    }
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    expect((await get(url((await seatAt(council.id, user.id, admin.id)).id), cookie)).statusCode).toBe(
      200,
    );
  });
});
