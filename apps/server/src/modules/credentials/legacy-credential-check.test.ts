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
import { signLegacyCredential, type LegacyShape } from '../../../test/legacy-credentials';
import { achievements, positionHolders, users } from '../../db/schema/index';

const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';
const REVOKED = 'This credential was revoked by the institute.';
const SHAPES: LegacyShape[] = ['name only', 'name and student id'];

/**
 * Credentials signed before status lists (no credentialStatus, no row) are judged by the record they
 * name: the public check says revoked, with the date and the reason class, from the moment the
 * record is deleted, ended early, no longer verified or changed, as for the credentials with a
 * status entry; an intact record keeps them valid.
 */
describe('credentials signed before status lists: checked against their record', () => {
  const ctx = useTestApp();
  const portal = () => ({ db: ctx.db, publicUrl: 'http://localhost:3000' });
  const { check, student } = credentialClientOf(ctx);
  const checked = async (token: string) => {
    const response = await check(token);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const send = (method: 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie },
      ...(payload ? { payload } : {}),
    });
  const president = async () => signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
  const expectRevokedJustNow = (answer: { revocation: { revokedAt: string } }, before: number) => {
    const at = Date.parse(answer.revocation.revokedAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  };

  const legacyHolding = async (shape: LegacyShape) => {
    const { user } = await student('Ritika Sen');
    const unit = await createOrgUnit(ctx.db, {
      name: `Robotics Club ${Math.random().toString(36).slice(2, 7)}`,
    });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Outreach Lead' });
    const official = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    const holder = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verifiedBy: official.id,
      verifiedAt: new Date(Date.now() - 86_400_000),
    });
    const { token } = await signLegacyCredential(portal(), shape, {
      kind: 'position',
      recordId: holder.id,
      userId: user.id,
      studentName: 'Ritika Sen',
      studentId: user.studentId ?? undefined,
      name: `Outreach Lead, ${unit.name}`,
      description: `Held the position of responsibility Outreach Lead in ${unit.name} for the tenure 2024-2025.`,
    });
    return { user, position, holder, token };
  };

  const legacyAchievement = async (shape: LegacyShape, description: string | null) => {
    const { user } = await student('Arjun Rao');
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title: 'Smart India Hackathon winner',
      description,
      position: 'Winner',
      category: 'Hackathon',
      level: 'national',
      dateAchieved: '2025-03-12',
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(Date.now() - 86_400_000),
    });
    const { token } = await signLegacyCredential(portal(), shape, {
      kind: 'achievement',
      recordId: achievement.id,
      userId: user.id,
      studentName: 'Arjun Rao',
      studentId: user.studentId ?? undefined,
      name: 'Smart India Hackathon winner',
      // As the portal described a record with no description of its own.
      description: description ?? 'Winner, Hackathon, national level, achieved on 12 March 2025.',
    });
    return { user, achievement, token };
  };

  it.each(SHAPES)(
    'keeps a credential (%s) valid while its record stands, renamed holder or not',
    async (shape) => {
      const { user, token } = await legacyHolding(shape);
      const first = await legacyAchievement(shape, null);
      const second = await legacyAchievement(shape, 'First among 600 teams.');
      for (const each of [token, first.token, second.token])
        expect(await checked(each)).toMatchObject({ valid: true, message: VALID, revocation: null });
      await ctx.db.update(users).set({ name: 'Ritika S.' }).where(eq(users.id, user.id));
      expect((await checked(token)).valid).toBe(true);
    },
  );

  it.each(SHAPES)(
    'revokes a position credential (%s) when its holding is ended early',
    async (shape) => {
      const { user, position, holder, token } = await legacyHolding(shape);
      const before = Date.now();
      const ended = await send('PUT', `/api/position-holders/${holder.id}`, await president(), {
        userId: user.id,
        positionId: position.id,
        tenureYear: '2024-2025',
        status: 'terminated',
      });
      expect(ended.statusCode).toBe(200);
      const answer = await checked(token);
      expect(answer).toMatchObject({
        valid: false,
        message: REVOKED,
        revocation: { reason: 'record_ended' },
        credential: { achievement: expect.stringContaining('Outreach Lead') },
      });
      expectRevokedJustNow(answer, before);
    },
  );

  it('keeps a position credential valid when its holding is completed at the end of its tenure', async () => {
    const { user, position, holder, token } = await legacyHolding('name only');
    const completed = await send('PUT', `/api/position-holders/${holder.id}`, await president(), {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'completed',
    });
    expect(completed.statusCode).toBe(200);
    expect(await checked(token)).toMatchObject({ valid: true, revocation: null });
  });

  it.each(SHAPES)('revokes a position credential (%s) when its holding is deleted', async (shape) => {
    const { holder, token } = await legacyHolding(shape);
    const before = Date.now();
    expect(
      (await send('DELETE', `/api/position-holders/${holder.id}`, await president())).statusCode,
    ).toBe(204);
    const answer = await checked(token);
    expect(answer).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_deleted' },
    });
    expectRevokedJustNow(answer, before);
  });

  it('revokes a position credential when its holding is moved to another tenure or person', async () => {
    const tenure = await legacyHolding('name and student id');
    await ctx.db
      .update(positionHolders)
      .set({ tenureYear: '2023-2024' })
      .where(eq(positionHolders.id, tenure.holder.id));
    expect(await checked(tenure.token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_changed' },
    });
    const person = await legacyHolding('name only');
    const other = await createUser(ctx.db);
    await ctx.db
      .update(positionHolders)
      .set({ userId: other.id })
      .where(eq(positionHolders.id, person.holder.id));
    expect(await checked(person.token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_changed' },
    });
  });

  it.each(SHAPES)(
    'revokes an achievement credential (%s) when the achievement is declined',
    async (shape) => {
      const { achievement, token } = await legacyAchievement(shape, null);
      const before = Date.now();
      await ctx.db
        .update(achievements)
        .set({
          verified: false,
          verifiedBy: null,
          verifiedAt: null,
          declinedAt: new Date(),
          declineReason: 'Forged certificate.',
        })
        .where(eq(achievements.id, achievement.id));
      const answer = await checked(token);
      expect(answer).toMatchObject({
        valid: false,
        message: REVOKED,
        revocation: { reason: 'record_unverified' },
      });
      expectRevokedJustNow(answer, before);
    },
  );

  it('revokes an achievement credential when the achievement is deleted, or changed in what it states', async () => {
    const deleted = await legacyAchievement('name only', 'First among 600 teams.');
    await ctx.db.delete(achievements).where(eq(achievements.id, deleted.achievement.id));
    expect(await checked(deleted.token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_deleted' },
    });

    const changed = await legacyAchievement('name and student id', null);
    await ctx.db
      .update(achievements)
      .set({ level: 'international' })
      .where(eq(achievements.id, changed.achievement.id));
    expect(await checked(changed.token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_changed' },
    });
  });

  it('revokes a credential when the holding is no longer verified, and never turns it back', async () => {
    const { holder, token } = await legacyHolding('name only');
    await ctx.db
      .update(positionHolders)
      .set({ verification: 'declined', declinedAt: new Date(), declineReason: 'Never held this seat.' })
      .where(eq(positionHolders.id, holder.id));
    const revoked = await checked(token);
    expect(revoked).toMatchObject({ valid: false, revocation: { reason: 'record_unverified' } });
    // Verified again later: the credential signed before stays revoked, as one with a status entry would.
    await ctx.db
      .update(positionHolders)
      .set({ verification: 'verified', declinedAt: null, declineReason: null })
      .where(eq(positionHolders.id, holder.id));
    expect(await checked(token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_unverified', revokedAt: revoked.revocation.revokedAt },
    });
  });
});
