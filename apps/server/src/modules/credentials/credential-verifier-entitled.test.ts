import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createAchievement, createEvent, createOrgUnit, createUser } from '../../../test/factories';
import { credentialClientOf } from '../../../test/credential-client';

const UNENTITLED =
  "This achievement was verified by someone not entitled to verify it, so the institute does not sign it. Ask your council's general secretary or the president to review it.";

/**
 * The institute signs only what someone entitled to verify it verified: a club coordinator's
 * verification of a national achievement tied to nothing of their club (recorded before the rule,
 * or by any other path) does not become a credential; one at their club's event does.
 */
describe('credentials for achievements: who verified them', () => {
  const ctx = useTestApp();
  const { get, student } = credentialClientOf(ctx);
  const url = (id: string) => `/api/me/achievements/${id}/credential`;

  it("refuses an achievement a coordinator verified outside their club, and signs one of their club's event", async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Coding Club Rho' });
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const { user, cookie } = await student('Dev Malhotra');
    const verifiedBy = { verified: true, verifiedBy: coordinator.id, verifiedAt: new Date() };
    const national = await createAchievement(ctx.db, {
      userId: user.id,
      level: 'national',
      ...verifiedBy,
    });
    const refused = await get(url(national.id), cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(UNENTITLED);

    const event = await createEvent(ctx.db, { organizingUnitId: club.id });
    const atTheClub = await createAchievement(ctx.db, {
      userId: user.id,
      eventId: event.id,
      ...verifiedBy,
    });
    expect((await get(url(atTheClub.id), cookie)).statusCode).toBe(200);
  });

  it("refuses an International achievement a coordinator verified at their club's own event", async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Mathematics Club Rho' });
    const coordinator = await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id });
    const { user, cookie } = await student('Dev Malhotra');
    const olympiad = await createEvent(ctx.db, {
      organizingUnitId: club.id,
      title: 'International Mathematical Olympiad 2026',
    });
    const verifiedBy = { verified: true, verifiedBy: coordinator.id, verifiedAt: new Date() };
    for (const level of ['international', 'national', 'state', 'district', null]) {
      const achievement = await createAchievement(ctx.db, {
        userId: user.id,
        type: 'academic',
        level,
        eventId: olympiad.id,
        ...verifiedBy,
      });
      const refused = await get(url(achievement.id), cookie);
      expect(refused.statusCode, String(level)).toBe(409);
      expect(refused.json().error.message).toBe(UNENTITLED);
    }
    const college = await createAchievement(ctx.db, {
      userId: user.id,
      type: 'academic',
      level: 'college',
      eventId: olympiad.id,
      ...verifiedBy,
    });
    expect((await get(url(college.id), cookie)).statusCode).toBe(200);
  });

  it('signs what the general secretary of its type or the president verified', async () => {
    const { user, cookie } = await student('Dev Malhotra');
    for (const role of ['GENSEC_SCITECH', 'PRESIDENT'] as const) {
      const official = await createUser(ctx.db, { role });
      const achievement = await createAchievement(ctx.db, {
        userId: user.id,
        type: 'technical',
        level: 'national',
        verified: true,
        verifiedBy: official.id,
        verifiedAt: new Date(),
      });
      expect((await get(url(achievement.id), cookie)).statusCode, role).toBe(200);
    }
  });
});
