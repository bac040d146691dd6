import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { auditLog, positionHolders } from '../../db/schema/index';

const UNCONFIRMED =
  'This position was recorded before the portal kept who verified or appointed it, so the institute does not sign it as a credential yet. The institute administrator can confirm it: ask at the student affairs office.';
const URL = '/api/admin/holding-confirmations';

/**
 * Holdings recorded verified before the portal kept who verified or appointed them: the student
 * reads why no credential is signed yet, the administrator alone sees and confirms them (one, or
 * a unit's at once), audited, and the credential is then signed with the administrator's name.
 */
describe('holdings with no verifier recorded: the administrator confirms them', () => {
  const ctx = useTestApp();
  const { get, student } = credentialClientOf(ctx);
  const post = (payload: object, cookie: string) =>
    ctx.app.inject({ method: 'POST', url: URL, payload, headers: { origin: TEST_ORIGIN, cookie } });
  const credentialOf = (holdingId: string, cookie: string) =>
    get(`/api/me/positions/${holdingId}/credential`, cookie);
  const clubWithSeat = async (name: string) => {
    const unit = await createOrgUnit(ctx.db, { name });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Events Lead',
      positionCount: 20,
    });
    return { unit, position };
  };
  /** A verified holding as recorded before the portal kept its verifier. */
  const oldHolding = (userId: string, positionId: string, status: 'active' | 'terminated' = 'active') =>
    createPositionHolder(ctx.db, { userId, positionId, tenureYear: '2023-2024', status });

  it('tells the student why no credential is signed yet, where the download would be', async () => {
    const { user, cookie } = await student('Ishaan Bose');
    const { position } = await clubWithSeat('Photography Club Kappa');
    const old = await oldHolding(user.id, position.id);
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const recorded = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    const refused = await credentialOf(old.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(UNCONFIRMED);
    const records = (await get('/api/me/transcript-records', cookie)).json();
    expect(records.positions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: old.id, credentialRefusal: UNCONFIRMED }),
        expect.objectContaining({ id: recorded.id, credentialRefusal: null }),
      ]),
    );
  });

  it('lets only the administrator list and confirm, and refuses bad input without changing anything', async () => {
    const { user } = await createStudent(ctx.db);
    const { unit, position } = await clubWithSeat('Astronomy Club Kappa');
    const old = await oldHolding(user.id, position.id);
    for (const role of ['PRESIDENT', 'GENSEC_SCITECH', 'CLUB_COORDINATOR', 'STUDENT'] as const) {
      const cookie = await signInAs(
        ctx,
        await createUser(ctx.db, {
          role,
          ...(role === 'CLUB_COORDINATOR' ? { clubUnitId: unit.id } : {}),
        }),
      );
      expect((await get(URL, cookie)).statusCode, role).toBe(403);
      expect((await post({ holdingId: old.id }, cookie)).statusCode, role).toBe(403);
      expect((await post({ unitId: unit.id }, cookie)).statusCode, role).toBe(403);
    }
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    for (const body of [{}, { holdingId: old.id, unitId: unit.id }, { holdingId: 'POR-1' }]) {
      const refused = await post(body, admin);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post({}, admin)).json().error.fields).toEqual({
      holdingId: 'Choose one holding or one unit to confirm.',
    });
    const unknown = await post({ holdingId: '0b5c9d1e-2f3a-4b6c-8d7e-9f0a1b2c3d4e' }, admin);
    expect(unknown.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, old.id));
    expect(row).toMatchObject({ verifiedBy: null, verifiedAt: null });
  });

  it('confirms one holding: audited, then signed in the administrator’s name; twice is refused', async () => {
    const { user, cookie } = await student('Pooja Nair');
    const { unit, position } = await clubWithSeat('Drama Club Kappa');
    const old = await oldHolding(user.id, position.id);
    const ended = await oldHolding(
      user.id,
      (await createPosition(ctx.db, { unitId: unit.id })).id,
      'terminated',
    );
    const adminUser = await createUser(ctx.db, { role: 'ADMIN', name: 'Asha Admin' });
    const admin = await signInAs(ctx, adminUser);

    const listed = await get(`${URL}?unitId=${unit.id}`, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: old.id,
          position: 'Events Lead',
          unit: { id: unit.id, name: 'Drama Club Kappa' },
          holder: { name: 'Pooja Nair' },
          tenureYear: '2023-2024',
          own: false,
        },
      ],
    });
    expect(listed.json().units).toContainEqual({ id: unit.id, name: 'Drama Club Kappa', count: 1 });

    const confirmed = await post({ holdingId: old.id }, admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: 1 });
    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, old.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ action: 'update', actorId: adminUser.id });
    expect(lines[0]!.after).toMatchObject({ verified_by: adminUser.id });

    const credential = await credentialOf(old.id, cookie);
    expect(credential.statusCode).toBe(200);
    const vc = JSON.parse(Buffer.from(credential.body.split('.')[1]!, 'base64url').toString()).vc;
    expect(vc.credentialSubject.achievement.criteria.narrative).toMatch(/^Verified by Asha Admin on /);
    const records = (await get('/api/me/transcript-records', cookie)).json();
    expect(records.positions).toContainEqual(
      expect.objectContaining({ id: old.id, credentialRefusal: null }),
    );

    const again = await post({ holdingId: old.id }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This holding has nothing to confirm: its verifier is recorded, or it is no longer verified or was ended early. Refresh the list.',
    );
    // A holding ended early is not offered, and not confirmed.
    expect((await post({ holdingId: ended.id }, admin)).statusCode).toBe(409);
    expect((await get(`${URL}?unitId=${unit.id}`, admin)).json().total).toBe(0);
  });

  it("confirms a unit's holdings at once, leaving the administrator's own and other units' alone", async () => {
    const { unit, position } = await clubWithSeat('Music Club Kappa');
    const other = await clubWithSeat('Dance Club Kappa');
    const adminUser = await createUser(ctx.db, { role: 'ADMIN' });
    const admin = await signInAs(ctx, adminUser);
    const holders = await Promise.all([1, 2, 3].map(async () => (await createStudent(ctx.db)).user));
    const mine = await Promise.all(holders.map((holder) => oldHolding(holder.id, position.id)));
    const elsewhere = await oldHolding(holders[0]!.id, other.position.id);
    const own = await oldHolding(adminUser.id, position.id);

    expect((await get(`${URL}?unitId=${unit.id}`, admin)).json().items).toContainEqual(
      expect.objectContaining({ id: own.id, own: true }),
    );
    const confirmed = await post({ unitId: unit.id }, admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: 3 });
    const after = await ctx.db.select().from(positionHolders);
    const byId = new Map(after.map((row) => [row.id, row]));
    for (const holding of mine) expect(byId.get(holding.id)!.verifiedBy).toBe(adminUser.id);
    expect(byId.get(elsewhere.id)!.verifiedBy).toBeNull();
    expect(byId.get(own.id)!.verifiedBy).toBeNull();

    const ownRefused = await post({ holdingId: own.id }, admin);
    expect(ownRefused.statusCode).toBe(409);
    expect(ownRefused.json().error.message).toBe(
      'You cannot appoint yourself or change your own holding: another official does that.',
    );
    const none = await post({ unitId: unit.id }, admin);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(
      'No holding of this unit awaits confirmation. Refresh the list.',
    );
  });
});
