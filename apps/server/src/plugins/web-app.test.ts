import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { DatabaseHandle } from '../db/client';
import { testConfig } from '../../test/build-test-app';
import { openTestDatabase } from '../../test/test-db';

/** A built web app as the build leaves it: a hashed script with its brotli and gzip copies, and a page. */
const SCRIPT = `export const greeting = ${JSON.stringify('Welcome to the COSA Portal. '.repeat(80))};\n`;
const PAGE = `<!doctype html><html lang="en"><head><meta name="theme-color" content="#3730a3" /><title>COSA Portal</title></head><body><div id="root"></div>${'<!-- page -->'.repeat(100)}</body></html>`;

/** The service worker as the build writes it: not hashed, named the same in every release. */
const SERVICE_WORKER = `self.__WB_MANIFEST_VERSION = 'one';\n${'// precache list\n'.repeat(100)}`;

describe('the web app as served', () => {
  let dist: string;
  let database: DatabaseHandle;
  let app: App;
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'cosa-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'assets', 'main-Ab12Cd34.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'main-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'main-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dist, 'sw.js'), SERVICE_WORKER);
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(SERVICE_WORKER));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      path.join(dist, 'assets', 'main-Ab12Cd34.js.map'),
      '{"version":3,"sources":["src/main.tsx"]}',
    );
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database, webDistDir: dist });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a script as its brotli copy to a browser that takes brotli, cached for a year', async () => {
    const response = await get('/assets/main-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that takes gzip only, and the file itself to one that takes neither', async () => {
    const gzip = await get('/assets/main-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/main-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const refused = await get('/assets/main-Ab12Cd34.js', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('never sends a source map', async () => {
    const response = await get('/assets/main-Ab12Cd34.js.map', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/main.tsx');
  });

  it('sends the page of any route compressed, never cached without a check', async () => {
    const br = await get('/council', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    const gzip = await get('/council', 'gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    const plain = await get('/council', 'br;q=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
    // The browser's own ratings decide.
    expect((await get('/council', 'gzip;q=1, br;q=0.1')).headers['content-encoding']).toBe('gzip');
    expect((await get('/council', 'br;q=0.5, gzip;q=0.5')).headers['content-encoding']).toBe('br');
    expect((await get('/council', 'identity, *;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('asks search engines not to index a transcript verification page, and only that page', async () => {
    for (const url of [
      '/verify',
      '/verify/0b9a0c52-5f52-4d8e-9a43-7f2f1c7b2a10',
      '/verify/0b9a0c52-5f52-4d8e-9a43-7f2f1c7b2a10?from=qr',
      '/VERIFY/0b9a0c52-5f52-4d8e-9a43-7f2f1c7b2a10',
      '//verify/x',
      '/%76erify/x',
    ]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    for (const url of ['/login', '/verify-email/abc', '/verifying'])
      expect((await get(url)).headers['x-robots-tag']).toBeUndefined();
  });

  it('checks index.html on every visit however it is asked for, and answers a missing file of the build with 404', async () => {
    const direct = await get('/index.html', 'br');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['cache-control']).toBe('no-cache');
    const gzip = await get('/index.html', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    for (const url of ['/assets/', '/assets', '/assets/gone-Zz99.js', '/assets/chunk']) {
      const missing = await get(url, 'br');
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('has the browser check the service worker on every visit, so that a new release reaches it', async () => {
    const worker = await get('/sw.js', 'gzip, br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(SERVICE_WORKER);
    // Any other file of the build that is not hashed is kept for five minutes.
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('the web app in an institute colour', () => {
  let dist: string;
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'cosa-web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ THEME_COLOR: '#0B6E4F' }),
      database,
      webDistDir: dist,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("names THEME_COLOR in the page's theme-color, on every route and as /index.html", async () => {
    for (const url of ['/', '/events/mine', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<meta name="theme-color" content="#0b6e4f" />');
      expect(page.body, url).not.toContain('#3730a3');
    }
  });
});
