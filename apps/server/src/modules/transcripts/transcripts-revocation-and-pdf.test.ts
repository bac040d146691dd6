import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityLog, transcripts } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { transcriptRecordsOf } from '../../../test/transcript-records';

const NOT_FOUND = 'No transcript has this address. Check the link or the QR code and try again.';
const UNKNOWN_ID = '3f1d2c4b-5a69-4e7f-8a1b-2c3d4e5f6a7b';

describe('co-curricular transcripts', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { studentWithRecords, issue } = transcriptRecordsOf(ctx);

  it('lets only the holder revoke, once, and then says so to everyone', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
    const stranger = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: theirs.cookie },
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(NOT_FOUND);
    expect((await browser.get(`/api/verify/transcripts/${transcript.id}`)).json().status).toBe('valid');

    const revoked = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: mine.cookie },
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().transcript.revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const again = await browser.post(
      `/api/me/transcripts/${transcript.id}/revocation`,
      {},
      { cookie: mine.cookie },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This transcript was already revoked.');

    const shown = (await browser.get(`/api/verify/transcripts/${transcript.id}`)).json();
    expect(shown.status).toBe('revoked');
    expect(shown.revokedAt).toBe(revoked.json().transcript.revokedAt);
    const logged = await ctx.db
      .select({ description: activityLog.description })
      .from(activityLog)
      .where(eq(activityLog.subjectId, transcript.id));
    expect(logged.map((line) => line.description).sort()).toEqual([
      'Issued a co-curricular transcript of 1 record',
      'Revoked a co-curricular transcript',
    ]);
  });

  it('lets the database refuse any change to an issued transcript but its one revocation', async () => {
    const mine = await studentWithRecords();
    const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
    await expect(
      ctx.db
        .update(transcripts)
        .set({ content: sql`'{}'::jsonb` })
        .where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(transcripts)
        .set({ issuedAt: new Date('2020-01-01') })
        .where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
    await ctx.db
      .update(transcripts)
      .set({ revokedAt: new Date() })
      .where(eq(transcripts.id, transcript.id));
    await expect(
      ctx.db.update(transcripts).set({ revokedAt: null }).where(eq(transcripts.id, transcript.id)),
    ).rejects.toThrow();
  });

  it('answers an unknown or malformed address without confirming anything, never indexed', async () => {
    const unknown = await browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(NOT_FOUND);
    expect(unknown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await browser.get('/api/verify/transcripts/12345')).statusCode).toBe(400);
  });

  it('limits how fast one address may check transcripts', async () => {
    const ip = '10.250.1.1';
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`, { ip })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Another address is not held back.
    expect(
      (await browser.get(`/api/verify/transcripts/${UNKNOWN_ID}`, { ip: '10.250.1.2' })).statusCode,
    ).toBe(404);
  });

  it('sends the holder a PDF of their transcript, and nobody else', async () => {
    const mine = await studentWithRecords();
    const theirs = await studentWithRecords('Rohan Das');
    const { transcript } = (
      await issue(mine.cookie, { achievementIds: [mine.verified.id], positionIds: [mine.holder.id] })
    ).json();
    const pdf = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, { cookie: mine.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="transcript-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf"$/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, {
      cookie: theirs.cookie,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('sends the PDF of a transcript whose name is in Telugu, Malayalam or Gurmukhi', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-names-'));
    try {
      for (const name of ['శ్రీనివాస్ రావు', 'ന്‍', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ']) {
        const mine = await studentWithRecords(name);
        const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
        const pdf = await browser.get(`/api/me/transcripts/${transcript.id}/pdf`, {
          cookie: mine.cookie,
        });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        const file = path.join(dir, 'name.pdf');
        writeFileSync(file, pdf.rawPayload);
        // Shaped glyphs come back in drawing order; the same characters, each once.
        const line = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).split(
          '\n',
        )[2]!;
        expect([...line.normalize('NFD')].sort()).toEqual([...name.normalize('NFD')].sort());
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('draws a long transcript’s PDF without holding up the server’s own thread', async () => {
    const mine = await studentWithRecords();
    const { transcript } = (
      await issue(mine.cookie, { achievementIds: [mine.verified.id], skillIds: [mine.endorsed.id] })
    ).json();
    const [row] = await ctx.db.select().from(transcripts).where(eq(transcripts.id, transcript.id));
    const {
      achievements: [achievement],
      skills: [skill],
    } = row!.content;
    // 200 achievements and 200 skills, written as issued (the trigger guards changes, not new rows):
    // drawn on the server's thread, this blocks it for seconds.
    const content = {
      ...row!.content,
      achievements: Array.from({ length: 200 }, (_, index) => ({
        ...achievement!,
        id: `a${index}`,
        title: `Robotics event ${index}`,
      })),
      skills: Array.from({ length: 200 }, (_, index) => ({
        ...skill!,
        id: `s${index}`,
        name: `Embedded C ${index}`,
      })),
    };
    const [long] = await ctx.db
      .insert(transcripts)
      .values({ userId: mine.user.id, content, institute: row!.institute })
      .returning();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const began = performance.now();
    const pdf = await browser.get(`/api/me/transcripts/${long!.id}/pdf`, { cookie: mine.cookie });
    const took = performance.now() - began;
    delay.disable();
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The longest the thread was busy at once while the PDF was drawn: far below the seconds of
    // drawing it. Drawn on this thread, one stretch would last nearly the whole request; on a machine
    // busy with other work everything takes longer, the drawing with it, hence the share of the
    // request's time rather than a fixed limit.
    expect(delay.max / 1e6).toBeLessThan(Math.max(750, took / 3));
  }, 90_000);

  it('keeps students’ transcript lines out of the president’s list of what officials did', async () => {
    const mine = await studentWithRecords();
    await issue(mine.cookie, { achievementIds: [mine.verified.id] });
    const president = await createUser(ctx.db, { role: 'PRESIDENT', onboardingComplete: true });
    const list = (
      await browser.get('/api/activities', { cookie: await signInAs(ctx, president) })
    ).json();
    expect(
      list.items.some((item: { description: string }) =>
        item.description.startsWith('Issued a co-curricular transcript'),
      ),
    ).toBe(false);
  });
});
