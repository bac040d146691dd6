import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { browserOf, signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { buildDataExport, failDataExport } from './data-export.builder';

/**
 * A student's copy of their data over the API (decision 0041): asked for, listed, downloaded by
 * its owner only while it lasts. Statuses and texts typed by hand.
 */
describe('the copy of a student’s data, over the API', () => {
  const ctx = useTestApp();
  const { get, post } = browserOf(ctx);
  const ask = (cookie?: string) => post('/api/me/data-exports', {}, cookie ? { cookie } : {});
  const list = (cookie?: string) => get('/api/me/data-exports', cookie ? { cookie } : {});
  const download = (id: string, cookie?: string) =>
    get(`/api/me/data-exports/${id}/archive`, cookie ? { cookie } : {});
  const pendingOf = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from data_exports where user_id = ${userId}::uuid and status = 'pending'`,
      ),
    )[0]!.n;
  const unknownId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

  it('refuses the signed-out visitor (401) and the administrator, who keeps no record (403)', async () => {
    const admin = await signedInAs(ctx, 'ADMIN');
    for (const response of [await ask(), await list(), await download(unknownId)])
      expect(response.statusCode).toBe(401);
    for (const response of [
      await ask(admin.cookie),
      await list(admin.cookie),
      await download(unknownId, admin.cookie),
    ])
      expect(response.statusCode).toBe(403);
    expect(await pendingOf(admin.user.id)).toBe(0);
  });

  it('records a pending request, lists it, and refuses a second while it is prepared', async () => {
    const student = await signedInAs(ctx, 'STUDENT');
    const made = await ask(student.cookie);
    expect(made.statusCode).toBe(202);
    expect(made.json()).toMatchObject({
      status: 'pending',
      readyAt: null,
      expiresAt: null,
      byteSize: null,
    });
    const again = await ask(student.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A copy of your data is already being prepared.');
    expect((await list(student.cookie)).json()).toEqual({ items: [made.json()] });
    // The one being prepared cannot be downloaded yet.
    const early = await download(made.json().id, student.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('This copy of your data is not ready yet.');
  });

  it('keeps exactly one pending request when several arrive at once', async () => {
    const student = await signedInAs(ctx, 'STUDENT');
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(student.cookie)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().error.message).toBe('A copy of your data is already being prepared.');
    expect(await pendingOf(student.user.id)).toBe(1);
  });

  it('lets the owner download a ready copy, and nobody else', async () => {
    const owner = await signedInAs(ctx, 'STUDENT');
    const other = await signedInAs(ctx, 'STUDENT');
    const { id } = (await ask(owner.cookie)).json() as { id: string };
    await buildDataExport(ctx.db, id);

    const zip = await download(id, owner.cookie);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="cosa-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(zip.headers['cache-control']).toBe('no-store');
    expect(zip.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004', 'latin1'));
    const [listed] = (await list(owner.cookie)).json().items;
    expect(listed).toMatchObject({ id, status: 'ready', byteSize: zip.rawPayload.length });
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.readyAt)).toBe(24 * 3_600_000);

    // Another student's copy and an unknown one read the same.
    const stranger = await download(id, other.cookie);
    const unknown = await download(unknownId, owner.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    expect(unknown.json().error.message).toBe('This copy of your data was not found.');
    expect((await list(other.cookie)).json()).toEqual({ items: [] });
    expect((await download('not-an-id', owner.cookie)).statusCode).toBe(400);
  });

  it('refuses a copy past its 24 hours and lists it as expired', async () => {
    const student = await signedInAs(ctx, 'STUDENT');
    const { id } = (await ask(student.cookie)).json() as { id: string };
    await buildDataExport(ctx.db, id);
    // Made 25 hours ago: its 24 hours ended an hour ago.
    await ctx.db.execute(sql`
      update data_exports set created_at = now() - interval '25 hours', ready_at = now() - interval '25 hours',
        expires_at = now() - interval '1 hour' where id = ${id}::uuid`);
    const late = await download(id, student.cookie);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe('This download link has expired. Ask for a new copy.');
    expect((await list(student.cookie)).json().items[0]).toMatchObject({ id, status: 'expired' });
  });

  it('allows three copies a day, a failed one aside', async () => {
    const student = await signedInAs(ctx, 'STUDENT');
    const failed = (await ask(student.cookie)).json() as { id: string };
    await failDataExport(ctx.db, failed.id);
    for (let n = 0; n < 3; n += 1) {
      const { id } = (await ask(student.cookie)).json() as { id: string };
      await buildDataExport(ctx.db, id);
    }
    const fourth = await ask(student.cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'You can ask for 3 copies of your data a day. Download the one you have, or ask again tomorrow.',
    );
    // A day later, the first of them no longer counts.
    await ctx.db.execute(sql`
      update data_exports set created_at = now() - interval '25 hours'
      where id = (select id from data_exports where user_id = ${student.user.id}::uuid and status = 'ready'
                  order by created_at limit 1)`);
    expect((await ask(student.cookie)).statusCode).toBe(202);
    expect(
      (await list(student.cookie)).json().items.map((item: { status: string }) => item.status),
    ).toEqual(['pending', 'ready', 'ready', 'failed', 'ready']);
  });
});
