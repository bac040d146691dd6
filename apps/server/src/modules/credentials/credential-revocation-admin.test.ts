import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { credentialClientOf } from '../../../test/credential-client';
import { createAchievement, createUser } from '../../../test/factories';
import { statusVerifierOf } from '../../../test/status-verifier';
import { auditLog, credentialStatusLists, issuedCredentials } from '../../db/schema/index';

const UNKNOWN_ID = '5b0e7c1a-3f2d-4c6e-9a8b-1d2e3f4a5b6c';

describe('issued credentials: the holder, the administrator and the published list', () => {
  const ctx = useTestApp();
  const { get, student } = credentialClientOf(ctx);
  const { statusBit, fetchPath } = statusVerifierOf(ctx);
  const post = (url: string, payload: object, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  const admin = async () =>
    signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN', name: 'Asha Admin' }));
  const download = async (cookie: string, userId: string, title: string) => {
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const achievement = await createAchievement(ctx.db, {
      userId,
      title,
      verified: true,
      verifiedBy: official.id,
      verifiedAt: new Date(),
    });
    const response = await get(`/api/me/achievements/${achievement.id}/credential`, cookie);
    expect(response.statusCode).toBe(200);
    const jti = JSON.parse(Buffer.from(response.body.split('.')[1]!, 'base64url').toString()).jti;
    return { token: response.body, id: String(jti).replace('urn:uuid:', ''), achievement };
  };

  it('lets only the administrator list and revoke, and refuses bad input without changing anything', async () => {
    const { user, cookie } = await student('Meera Iyer', '23110501');
    const { id, token } = await download(cookie, user.id, 'Inter-IIT Sports Meet silver');
    const president = await signInAs(ctx, await createUser(ctx.db, { role: 'PRESIDENT' }));
    const url = `/api/admin/credentials/${id}/revocation`;
    expect((await get('/api/admin/credentials')).statusCode).toBe(401);
    expect((await get('/api/admin/credentials', cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/credentials', president)).statusCode).toBe(403);
    expect((await post(url, { reason: 'other' })).statusCode).toBe(401);
    expect((await post(url, { reason: 'other' }, cookie)).statusCode).toBe(403);
    expect((await post(url, { reason: 'other' }, president)).statusCode).toBe(403);

    const asAdmin = await admin();
    for (const payload of [
      {},
      { reason: 'record_deleted' },
      { reason: 'because' },
      { reason: 'other', note: 'x'.repeat(501) },
    ]) {
      const refused = await post(url, payload, asAdmin);
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await post(`/api/admin/credentials/not-an-id/revocation`, { reason: 'other' }, asAdmin))
        .statusCode,
    ).toBe(400);
    const unknown = await post(
      `/api/admin/credentials/${UNKNOWN_ID}/revocation`,
      { reason: 'other' },
      asAdmin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No credential has this id.');
    expect((await statusBit(token)).bit).toBe(0);

    // Found by student id, by credential id (bare or as the credential names it), by name.
    for (const q of ['23110501', id, `urn:uuid:${id}`, 'meera']) {
      const found = await get(`/api/admin/credentials?q=${encodeURIComponent(q)}`, asAdmin);
      expect(found.statusCode).toBe(200);
      expect(found.json().items).toContainEqual(
        expect.objectContaining({
          id,
          title: 'Inter-IIT Sports Meet silver',
          status: 'valid',
          holder: { name: 'Meera Iyer', studentId: '23110501' },
        }),
      );
    }
    expect((await get(`/api/admin/credentials?q=${'x'.repeat(201)}`, asAdmin)).statusCode).toBe(400);
  });

  it('shows the holder which of their credentials were revoked, and audits the revocation with its note', async () => {
    const { user, cookie } = await student('Kabir Shah');
    const kept = await download(cookie, user.id, 'Robocon national finalist');
    const lost = await download(cookie, user.id, 'Smart India Hackathon winner');
    const asAdmin = await admin();
    const revoked = await post(
      `/api/admin/credentials/${lost.id}/revocation`,
      { reason: 'issued_in_error', note: '  Issued for the wrong student.  ' },
      asAdmin,
    );
    expect(revoked.statusCode).toBe(200);

    const mine = await get('/api/me/credentials', cookie);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as { id: string; status: string; reason: string | null }[];
    expect(items.find((item) => item.id === lost.id)).toMatchObject({
      status: 'revoked',
      reason: 'issued_in_error',
      title: 'Smart India Hackathon winner',
    });
    expect(items.find((item) => item.id === kept.id)).toMatchObject({ status: 'valid', reason: null });
    // The student never sees the administrator's note.
    expect(mine.body).not.toContain('wrong student');
    // Another student sees none of them.
    const { cookie: other } = await student('Dev Malhotra');
    expect((await get('/api/me/credentials', other)).json().items).toEqual([]);

    const lines = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, lost.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'credential', action: 'update', actorName: 'Asha Admin' });
    expect(lines[0]!.after).toMatchObject({
      revocation_reason: 'issued_in_error',
      revocation_note: 'Issued for the wrong student.',
    });
  });

  it('never lets a revocation be undone or a credential row be removed, even by the database owner', async () => {
    const { user, cookie } = await student('Tara Das');
    const { id, token } = await download(cookie, user.id, 'Chess open winner');
    await post(`/api/admin/credentials/${id}/revocation`, { reason: 'other' }, await admin());
    await expect(
      ctx.db
        .update(issuedCredentials)
        .set({ revokedAt: null, revocationReason: null })
        .where(eq(issuedCredentials.id, id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(issuedCredentials).where(eq(issuedCredentials.id, id))).rejects.toThrow();
    expect((await statusBit(token)).bit).toBe(1);
  });

  it('gives credentials issued at once distinct entries, drawn at random', async () => {
    const { user, cookie } = await student('Nikhil Verma');
    const official = await createUser(ctx.db, { role: 'PRESIDENT' });
    const records = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        createAchievement(ctx.db, {
          userId: user.id,
          title: `Quiz round ${n + 1}`,
          verified: true,
          verifiedBy: official.id,
          verifiedAt: new Date(),
        }),
      ),
    );
    // Each record downloaded twice, all at once.
    const answers = await Promise.all(
      [...records, ...records].map((record) =>
        get(`/api/me/achievements/${record.id}/credential`, cookie),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(48).fill(200));
    const entries = await Promise.all(
      answers.map(async (answer) => (await statusBit(answer.body)).entry),
    );
    const places = new Set(entries.map((entry) => entry.id));
    expect(places.size).toBe(48);
    // Not handed out in order: 48 sequential entries would span 48 places.
    const indexes = entries.map((entry) => Number(entry.statusListIndex)).sort((a, b) => a - b);
    expect(indexes.at(-1)! - indexes[0]!).toBeGreaterThan(1000);
  });

  it('refuses a 101st download within an hour with 429, so a script cannot fill the lists', async () => {
    const { user, cookie } = await student('Ishaan Bose');
    const { achievement } = await download(cookie, user.id, 'Marathon finisher');
    // A script's downloads, ten at a time: a hundred at once on the test's one connection would
    // also measure how long the pool lets a request wait, which a loaded machine runs past.
    const answers = [];
    for (let round = 0; round < 10; round += 1)
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () =>
            get(`/api/me/achievements/${achievement.id}/credential`, cookie),
          ),
        )),
      );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(99);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });

  it('opens the next list when one is three quarters full, and serves each at its own address', async () => {
    const { user, cookie } = await student('Pooja Nair');
    const first = await download(cookie, user.id, 'Debate cup winner');
    const firstList = (await statusBit(first.token)).entry.statusListCredential;
    await ctx.db.update(credentialStatusLists).set({ allocated: 98_304 });
    const second = await download(cookie, user.id, 'Debate cup runner-up');
    const secondList = (await statusBit(second.token)).entry.statusListCredential;
    expect(secondList).not.toBe(firstList);
    expect(secondList).toMatch(/^http:\/\/localhost:3000\/api\/issuer\/status-lists\/\d+$/);
    expect((await statusBit(first.token)).bit).toBe(0);
  });

  it('serves a list publicly with caching headers and answers an unchanged one with 304', async () => {
    const { user, cookie } = await student('Rohan Gupta');
    const { token } = await download(cookie, user.id, 'Hackathon finalist');
    const { response, entry } = await statusBit(token);
    expect(response.headers['content-type']).toContain('application/jwt');
    expect(response.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchPath(entry.statusListCredential, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect((await get('/api/issuer/status-lists/999')).statusCode).toBe(404);
    expect((await get('/api/issuer/status-lists/0')).statusCode).toBe(400);
    expect((await get('/api/issuer/status-lists/abc')).statusCode).toBe(400);
  });
});
