import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import { createAchievement, createUser } from '../../../test/factories';
import { signLegacyCredential } from '../../../test/legacy-credentials';
import { statusVerifierOf } from '../../../test/status-verifier';
import { achievements, auditLog, issuedCredentials } from '../../db/schema/index';

const URL = '/api/admin/credentials/revocations';

/**
 * The administrator revokes a credential signed before status lists by pasting it: it is registered
 * with its revocation (audited), and the public check, the holder's list and the administrator's
 * list then say so. A reason about the record withdraws the record, as for any credential.
 */
describe('revoking a credential signed before status lists', () => {
  const ctx = useTestApp();
  const portal = () => ({ db: ctx.db, publicUrl: 'http://localhost:3000' });
  const { check, get, student } = credentialClientOf(ctx);
  const { statusBit } = statusVerifierOf(ctx);
  const post = (payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: URL,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const admin = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Asha Admin' }));

  const legacyAchievement = async (name: string, title: string) => {
    const { user, cookie } = await student(name);
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title,
      description: 'Placed first in the final round.',
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(Date.now() - 86_400_000),
    });
    const sign = () =>
      signLegacyCredential(portal(), 'name and student id', {
        kind: 'achievement',
        recordId: achievement.id,
        userId: user.id,
        studentName: name,
        studentId: user.studentId ?? undefined,
        name: title,
        description: 'Placed first in the final round.',
      });
    return { user, cookie, achievement, sign };
  };

  it('lets only the administrator revoke, and refuses what is not a credential of this portal, changing nothing', async () => {
    const { cookie, sign } = await legacyAchievement('Meera Iyer', 'Inter-IIT Sports Meet silver');
    const { token } = await sign();
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    expect((await post({ credential: token, reason: 'other' })).statusCode).toBe(401);
    expect((await post({ credential: token, reason: 'other' }, cookie)).statusCode).toBe(403);
    expect((await post({ credential: token, reason: 'other' }, president)).statusCode).toBe(403);

    const asAdmin = await admin();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.vc.credentialSubject.achievement.name = 'Inter-IIT Sports Meet gold';
    const altered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join(
      '.',
    );
    for (const [body, message] of [
      [
        { credential: 'not a credential', reason: 'other' },
        'This is not a credential: paste the whole text of the .jwt file.',
      ],
      [
        { credential: altered, reason: 'other' },
        'This credential has been altered or was not signed by this portal.',
      ],
      [{ credential: token, reason: 'record_deleted' }, null],
      [{ credential: '', reason: 'other' }, null],
      [{ reason: 'other' }, null],
    ] as const) {
      const refused = await post(body, asAdmin);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      if (message) expect(refused.json().error.message).toBe(message);
    }
    expect((await check(token)).json()).toMatchObject({ valid: true, revocation: null });
    expect(await ctx.db.select().from(issuedCredentials)).toEqual([]);
  });

  it("revokes one credential at the holder's request: the check, both lists and the audit log say so", async () => {
    const { user, cookie, sign } = await legacyAchievement('Kabir Shah', 'Robocon national finalist');
    const { token, id } = await sign();
    const other = await sign();
    const asAdmin = await admin();
    const revoked = await post(
      { credential: token, reason: 'holder_request', note: '  Asked by e-mail on 3 March.  ' },
      asAdmin,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      id,
      kind: 'achievement',
      title: 'Robocon national finalist',
      status: 'revoked',
      reason: 'holder_request',
    });

    const answer = (await check(token)).json();
    expect(answer).toMatchObject({
      valid: false,
      message: 'This credential was revoked by the institute.',
      revocation: { reason: 'holder_request', revokedAt: revoked.json().revokedAt },
    });
    expect(JSON.stringify(answer)).not.toContain('e-mail');
    // One credential only: another copy of the same record still stands.
    expect((await check(other.token)).json()).toMatchObject({ valid: true });

    const mine = (await get('/api/me/credentials', cookie)).json().items;
    expect(mine).toContainEqual(
      expect.objectContaining({ id, status: 'revoked', reason: 'holder_request' }),
    );
    const listed = (await get(`/api/admin/credentials?q=${id}`, asAdmin)).json().items;
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        legacy: true,
        status: 'revoked',
        note: 'Asked by e-mail on 3 March.',
        revokedBy: 'Asha Admin',
        holder: { name: 'Kabir Shah', studentId: user.studentId },
      }),
    ]);
    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'credential', action: 'create', actorName: 'Asha Admin' });

    const again = await post({ credential: token, reason: 'other' }, asAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This credential was already revoked; a revocation is never undone.',
    );
  });

  it('withdraws the record when the credential is found untrue: every copy falls, no new one is signed', async () => {
    const { cookie, achievement, sign } = await legacyAchievement('Tara Das', 'Chess open winner');
    const first = await sign();
    const second = await sign();
    const revoked = await post({ credential: first.token, reason: 'record_untrue' }, await admin());
    expect(revoked.statusCode).toBe(200);
    expect((await check(second.token)).json()).toMatchObject({
      valid: false,
      revocation: { reason: 'record_untrue' },
    });
    const download = await get(`/api/me/achievements/${achievement.id}/credential`, cookie);
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toBe(
      'The institute withdrew this record from its signature (found untrue or issued in error): it is no longer signed as a credential nor carried on a transcript. Ask the institute administrator at the student affairs office about it.',
    );
    const records = (await get('/api/me/transcript-records', cookie)).json();
    expect(records.achievements.map((item: { id: string }) => item.id)).not.toContain(achievement.id);
  });

  it('refuses one its record already revoked, and revokes a newer credential pasted the same way', async () => {
    const { cookie, achievement, sign } = await legacyAchievement('Dev Malhotra', 'Debate cup winner');
    const { token } = await sign();
    const newer = await get(`/api/me/achievements/${achievement.id}/credential`, cookie);
    expect(newer.statusCode).toBe(200);
    const asAdmin = await admin();
    expect((await post({ credential: newer.body, reason: 'superseded' }, asAdmin)).statusCode).toBe(200);
    expect((await statusBit(newer.body)).bit).toBe(1);

    await ctx.db.delete(achievements).where(eq(achievements.id, achievement.id));
    const refused = await post({ credential: token, reason: 'other' }, asAdmin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This credential was already revoked; a revocation is never undone.',
    );
    expect((await check(token)).json()).toMatchObject({ revocation: { reason: 'record_deleted' } });
  });
});
