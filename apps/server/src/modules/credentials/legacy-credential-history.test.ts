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
import { signLegacyCredential } from '../../../test/legacy-credentials';
import { auditLog } from '../../db/schema/index';

const REVOKED = 'This credential was revoked by the institute.';
const HOUR = 3_600_000;

/**
 * Records that changed before the portal kept record endings: a credential signed before status
 * lists is judged by the audit log's record of the change (with its date), or by the record as it
 * is now (undated when nobody recorded when); a withdrawal of the record revokes it too.
 */
describe('credentials signed before status lists: records that changed long ago', () => {
  const ctx = useTestApp();
  const portal = () => ({ db: ctx.db, publicUrl: 'http://localhost:3000' });
  const { check, get, student } = credentialClientOf(ctx);
  const checked = async (token: string) => (await check(token)).json();
  const signedAt = new Date(Date.now() - 48 * HOUR);

  const holdingOf = async (status: 'active' | 'terminated') => {
    const { user, cookie } = await student('Nisha Kulkarni');
    const unit = await createOrgUnit(ctx.db, {
      name: `Quiz Club ${Math.random().toString(36).slice(2, 7)}`,
    });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Quiz Master' });
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const holder = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      status,
      verifiedBy: official.id,
      verifiedAt: new Date(Date.now() - 72 * HOUR),
    });
    const { token } = await signLegacyCredential(portal(), 'name only', {
      kind: 'position',
      recordId: holder.id,
      userId: user.id,
      studentName: 'Nisha Kulkarni',
      name: `Quiz Master, ${unit.name}`,
      description: `Held the position of responsibility Quiz Master in ${unit.name} for the tenure 2024-2025.`,
      signedAt,
    });
    return { user, cookie, holder, token };
  };

  it('says revoked, undated, for a holding already ended early when nobody recorded when', async () => {
    const { token } = await holdingOf('terminated');
    expect(await checked(token)).toMatchObject({
      valid: false,
      message: REVOKED,
      revocation: { reason: 'record_ended', revokedAt: null },
    });
  });

  it('dates the revocation from the audit log when an official ended the holding after it was signed', async () => {
    const { holder, token } = await holdingOf('terminated');
    const row = {
      id: holder.id,
      user_id: holder.userId,
      tenure_year: '2024-2025',
      verification: 'verified',
    };
    const endedAt = new Date(Date.now() - 24 * HOUR);
    await ctx.db.insert(auditLog).values([
      // Before it was signed: an edit that ended nothing, and is not this credential's business.
      {
        kind: 'position',
        action: 'update',
        subjectType: 'position_holders',
        subjectId: holder.id,
        before: { ...row, status: 'active', appointment_date: null },
        after: { ...row, status: 'active', appointment_date: '2024-07-01' },
        createdAt: new Date(Date.now() - 60 * HOUR),
      },
      {
        kind: 'position',
        action: 'update',
        subjectType: 'position_holders',
        subjectId: holder.id,
        before: { ...row, status: 'active' },
        after: { ...row, status: 'terminated' },
        createdAt: endedAt,
      },
    ]);
    expect(await checked(token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_ended', revokedAt: endedAt.toISOString() },
    });
  });

  it('says when an achievement was declined, and that one deleted long ago is deleted', async () => {
    const { user } = await student('Farhan Ali');
    const declinedAt = new Date(Date.now() - 30 * HOUR);
    const declined = await createAchievement(ctx.db, {
      userId: user.id,
      title: 'Inter-IIT Tech Meet gold',
      verified: false,
      declinedAt,
      declineReason: 'The certificate names someone else.',
    });
    const facts = {
      kind: 'achievement' as const,
      userId: user.id,
      studentName: 'Farhan Ali',
      name: 'Inter-IIT Tech Meet gold',
      description: 'Reached the final round of the institute hackathon.',
      signedAt,
    };
    const { token } = await signLegacyCredential(portal(), 'name and student id', {
      ...facts,
      recordId: declined.id,
    });
    expect(await checked(token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_unverified', revokedAt: declinedAt.toISOString() },
    });
    const gone = await signLegacyCredential(portal(), 'name only', {
      ...facts,
      recordId: '7d4f2a9e-51c3-4b8e-a0f6-3e9d2c1b7a55',
    });
    expect(await checked(gone.token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_deleted', revokedAt: null },
    });
  });

  it('says changed when the achievement now states something else than the credential', async () => {
    const { user } = await student('Leela Joshi');
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title: 'National Robotics Championship runner-up',
      description: 'Second place among 120 teams.',
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(Date.now() - 72 * HOUR),
    });
    const { token } = await signLegacyCredential(portal(), 'name only', {
      kind: 'achievement',
      recordId: achievement.id,
      userId: user.id,
      studentName: 'Leela Joshi',
      // Signed when the record said "winner"; it was corrected since.
      name: 'National Robotics Championship winner',
      description: 'Second place among 120 teams.',
      signedAt,
    });
    expect(await checked(token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_changed', revokedAt: null },
    });
  });

  it('revokes it with the record when the administrator withdraws the record through a newer credential', async () => {
    const { cookie, holder, token } = await holdingOf('active');
    expect((await checked(token)).valid).toBe(true);
    const newer = await get(`/api/me/positions/${holder.id}/credential`, cookie);
    expect(newer.statusCode).toBe(200);
    const newerId = String(
      JSON.parse(Buffer.from(newer.body.split('.')[1]!, 'base64url').toString()).jti,
    );
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${newerId.replace('urn:uuid:', '')}/revocation`,
      payload: { reason: 'record_untrue' },
      headers: { origin: TEST_ORIGIN, cookie: admin },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await checked(token)).toMatchObject({
      valid: false,
      revocation: { reason: 'record_untrue', revokedAt: revoked.json().revokedAt },
    });
  });
});
