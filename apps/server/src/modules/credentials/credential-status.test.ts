import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import {
  createAchievement,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createUser,
} from '../../../test/factories';
import { statusVerifierOf } from '../../../test/status-verifier';
import { achievements } from '../../db/schema/index';

const REVOKED = 'This credential was revoked by the institute.';
const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';

describe('credential status: revocation seen the way a verifier sees it', () => {
  const ctx = useTestApp();
  const { get, check, student } = credentialClientOf(ctx);
  const { statusBit } = statusVerifierOf(ctx);
  const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie },
      ...(payload ? { payload } : {}),
    });
  const checked = async (token: string) => (await check(token)).json();

  const verifiedHolding = async () => {
    const { user, cookie } = await student('Ritika Sen');
    const unit = await createOrgUnit(ctx.db, {
      name: `Robotics Club ${Math.random().toString(36).slice(2, 7)}`,
    });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Outreach Lead',
      skillsRequired: [],
    });
    const official = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    const holder = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    const response = await get(`/api/me/positions/${holder.id}/credential`, cookie);
    expect(response.statusCode).toBe(200);
    return { user, cookie, position, holder, token: response.body };
  };
  const verifiedAchievement = async () => {
    const { user, cookie } = await student('Arjun Rao');
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title: 'Smart India Hackathon winner',
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    const response = await get(`/api/me/achievements/${achievement.id}/credential`, cookie);
    expect(response.statusCode).toBe(200);
    return { user, cookie, achievement, token: response.body };
  };
  const president = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' }));

  it('publishes a valid credential with its bit clear, and sets it when the holding is terminated', async () => {
    const { user, position, holder, token } = await verifiedHolding();
    expect((await statusBit(token)).bit).toBe(0);
    expect(await checked(token)).toMatchObject({ valid: true, message: VALID, revocation: null });

    const ended = await send('PUT', `/api/position-holders/${holder.id}`, await president(), {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      status: 'terminated',
    });
    expect(ended.statusCode).toBe(200);
    expect((await statusBit(token)).bit).toBe(1);
    const after = await checked(token);
    expect(after).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_ended' },
      credential: { achievement: expect.stringContaining('Outreach Lead') },
    });
    expect(Date.parse(after.revocation.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps a completed holding valid: it states a tenure that was held', async () => {
    const { user, position, holder, token } = await verifiedHolding();
    const completed = await send('PUT', `/api/position-holders/${holder.id}`, await president(), {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      status: 'completed',
    });
    expect(completed.statusCode).toBe(200);
    expect((await statusBit(token)).bit).toBe(0);
    expect((await checked(token)).valid).toBe(true);
  });

  it('sets the bit when the holding is deleted', async () => {
    const { holder, token } = await verifiedHolding();
    expect((await statusBit(token)).bit).toBe(0);
    const deleted = await send('DELETE', `/api/position-holders/${holder.id}`, await president());
    expect(deleted.statusCode).toBe(204);
    expect((await statusBit(token)).bit).toBe(1);
    expect(await checked(token)).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_deleted' },
    });
  });

  it('sets the bit when the achievement is declined after its verification, whatever path declines it', async () => {
    const { achievement, token } = await verifiedAchievement();
    expect((await statusBit(token)).bit).toBe(0);
    // No screen withdraws a verification today; the database revokes on any path that does.
    await ctx.db
      .update(achievements)
      .set({
        verified: false,
        verifiedBy: null,
        verifiedAt: null,
        declinedAt: new Date(),
        declineReason: 'The certificate was forged.',
      })
      .where(eq(achievements.id, achievement.id));
    expect((await statusBit(token)).bit).toBe(1);
    expect(await checked(token)).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_unverified' },
    });
  });

  it("sets the bit when the administrator revokes, shows the reason class and never the administrator's note", async () => {
    const { token, achievement } = await verifiedAchievement();
    const other = await verifiedAchievement();
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Asha Admin' }));
    const found = await get(`/api/admin/credentials?q=Arjun`, admin);
    expect(found.statusCode).toBe(200);
    const mine = (found.json().items as { id: string; title: string }[]).filter(
      (item) => item.title === 'Smart India Hackathon winner',
    );
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const id = credentialIdOf(token);
    const revoked = await send('POST', `/api/admin/credentials/${id}/revocation`, admin, {
      reason: 'record_untrue',
      note: 'The organisers wrote that no such prize was given.',
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id, status: 'revoked', reason: 'record_untrue' });
    expect((await statusBit(token)).bit).toBe(1);
    // Another credential of the same title keeps standing.
    expect((await statusBit(other.token)).bit).toBe(0);
    const answer = await check(token);
    expect(answer.json()).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_untrue' },
    });
    expect(answer.body).not.toContain('organisers');
    // A second revocation is refused and changes nothing.
    const again = await send('POST', `/api/admin/credentials/${id}/revocation`, admin, {
      reason: 'other',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This credential was already revoked; a revocation is never undone.',
    );
    // The achievement itself is untouched.
    const [row] = await ctx.db.select().from(achievements).where(eq(achievements.id, achievement.id));
    expect(row!.verified).toBe(true);
  });
});

function credentialIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    jti: string;
  };
  return payload.jti.replace('urn:uuid:', '');
}
