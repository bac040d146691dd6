import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { browserOf } from '../../../test/auth-helpers';
import { testConfig, useTestApp } from '../../../test/build-test-app';
import { transcriptRecordsOf } from '../../../test/transcript-records';
import { pdfWorkerThreadId } from './transcript-pdf-thread';

// Typed by hand: what the student's download answers when drawing outlasts its limit.
const TIMED_OUT = 'The transcript could not be drawn in time. Please try again.';

/**
 * A render that hangs held the PDF worker, and the request, for ever. Each render now has a time
 * limit (TRANSCRIPT_PDF_TIMEOUT_SECONDS): past it the worker is stopped and replaced and the
 * request answered 503; the issued transcript downloads on a later try. Drawn for real, on the
 * real worker, with a limit no render can meet (a millisecond), then with the default one.
 */
describe('a transcript PDF that takes too long', () => {
  // The portal with a limit of one millisecond.
  const ctx = useTestApp({ TRANSCRIPT_PDF_TIMEOUT_SECONDS: '0.001' });
  const hurried = browserOf(ctx);
  const { studentWithRecords, issue } = transcriptRecordsOf(ctx);
  // The same portal and database with the default limit (30 s): the later try.
  let patient: App;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-timeout-'));
  beforeAll(async () => {
    patient = await buildApp({ config: testConfig(), database: ctx.database, webDistDir: null });
  });
  afterAll(async () => {
    await patient?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const download = (app: App, id: string, cookie: string) =>
    app.inject({ method: 'GET', url: `/api/me/transcripts/${id}/pdf`, headers: { cookie } });

  it('answers 503 at once, stops the drawing, and the transcript downloads on a later try', async () => {
    const mine = await studentWithRecords('Lakshmi Narayanan');
    const { transcript } = (await issue(mine.cookie, { achievementIds: [mine.verified.id] })).json();
    // The worker is started by a render in time first: a late render then stops it while it draws,
    // as a render that hangs would be stopped.
    expect((await download(patient, transcript.id, mine.cookie)).statusCode).toBe(200);
    const drew = pdfWorkerThreadId();
    expect(drew).not.toBeNull();
    expect((await download(patient, transcript.id, mine.cookie)).statusCode).toBe(200);
    expect(pdfWorkerThreadId()).toBe(drew);

    const started = Date.now();
    const late = await download(ctx.app, transcript.id, mine.cookie);
    expect(late.statusCode).toBe(503);
    expect(late.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: TIMED_OUT } });
    // Not one attempt per drawing mode, each waiting: the first late render ends the request.
    expect(Date.now() - started).toBeLessThan(5_000);
    // The late drawing's worker was stopped: none runs until the next render.
    expect(pdfWorkerThreadId()).toBeNull();

    // The transcript stays issued and valid...
    const listed = (await hurried.get('/api/me/transcripts', { cookie: mine.cookie })).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(transcript.id);
    expect((await hurried.get(`/api/verify/transcripts/${transcript.id}`)).json().status).toBe('valid');

    // ...and the later try, on a new worker, draws it.
    const pdf = await download(patient, transcript.id, mine.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfWorkerThreadId()).not.toBe(drew);
    const file = path.join(dir, 'later.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Lakshmi Narayanan');
    expect(text).toContain('Inter-IIT Tech Meet silver');
  });
});
