import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import { createAchievement, createUser } from '../../../test/factories';
import { issuedCredentials } from '../../db/schema/index';

/*
 * An administrator's revocation for a reason that concerns the record itself (found untrue, issued
 * in error) withdraws the record from the institute's signature: downloading again is refused, no
 * new transcript carries it, and the transcripts already issued list it as withdrawn.
 */
describe('a record the institute withdrew', () => {
  const ctx = useTestApp();
  const { get, check, student } = credentialClientOf(ctx);
  const post = (url: string, payload: object, cookie: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
  const idOf = (jwt: string) =>
    String(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).jti).replace(
      'urn:uuid:',
      '',
    );
  const setUp = async () => {
    const { user, cookie } = await student('Meera Iyer');
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId: user.id,
      title: 'International Mathematical Olympiad 2026, gold',
      verified: true,
      verifiedBy: president.id,
      verifiedAt: new Date(),
    });
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const url = `/api/me/achievements/${achievement.id}/credential`;
    return { user, cookie, achievement, admin, url };
  };

  it('refuses a new credential and a new transcript, and marks the transcripts already issued', async () => {
    const { cookie, achievement, admin, url } = await setUp();
    const first = await get(url, cookie);
    const second = await get(url, cookie);
    const before = await post(
      '/api/me/transcripts',
      { achievementIds: [achievement.id], positionIds: [], skillIds: [] },
      cookie,
    );
    expect(before.statusCode).toBe(201);
    const transcriptId = before.json().transcript.id as string;

    const revoked = await post(
      `/api/admin/credentials/${idOf(first.body)}/revocation`,
      { reason: 'record_untrue', note: 'No such medal on the IMO site.' },
      admin,
    );
    expect(revoked.statusCode).toBe(200);
    // Every copy of the record falls, not only the one the administrator found.
    expect((await check(second.body)).json().valid).toBe(false);

    const again = await get(url, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CREDENTIAL_MESSAGES.recordWithdrawn);

    const records = (await get('/api/me/transcript-records', cookie)).json();
    expect(records.achievements.map((item: { id: string }) => item.id)).not.toContain(achievement.id);
    const after = await post(
      '/api/me/transcripts',
      { achievementIds: [achievement.id], positionIds: [], skillIds: [] },
      cookie,
    );
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(CREDENTIAL_MESSAGES.recordWithdrawn);

    const verification = (await get(`/api/verify/transcripts/${transcriptId}`)).json();
    expect(verification.status).toBe('valid');
    expect(verification.withdrawn).toEqual([
      { kind: 'achievement', id: achievement.id, reason: 'record_untrue' },
    ]);
  });

  it('leaves the record standing when the revocation concerns one copy only', async () => {
    const { cookie, admin, url } = await setUp();
    const first = await get(url, cookie);
    const revoked = await post(
      `/api/admin/credentials/${idOf(first.body)}/revocation`,
      { reason: 'holder_request' },
      admin,
    );
    expect(revoked.statusCode).toBe(200);
    expect((await get(url, cookie)).statusCode).toBe(200);
  });

  it('leaves no credential standing when a burst of downloads races the withdrawal', async () => {
    const { cookie, achievement, admin, url } = await setUp();
    const first = await get(url, cookie);
    const downloads = Array.from({ length: 12 }, () => get(url, cookie));
    const revocation = post(
      `/api/admin/credentials/${idOf(first.body)}/revocation`,
      { reason: 'issued_in_error' },
      admin,
    );
    const more = Array.from({ length: 12 }, () => get(url, cookie));
    const [revoked, ...answers] = await Promise.all([revocation, ...downloads, ...more]);
    expect(revoked!.statusCode).toBe(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const standing = await ctx.db
      .select({ id: issuedCredentials.id })
      .from(issuedCredentials)
      .where(and(eq(issuedCredentials.recordId, achievement.id), isNull(issuedCredentials.revokedAt)));
    expect(standing).toEqual([]);
    for (const answer of answers.filter((a) => a.statusCode === 200))
      expect((await check(answer.body)).json().valid).toBe(false);
    expect((await get(url, cookie)).statusCode).toBe(409);
  });
});
