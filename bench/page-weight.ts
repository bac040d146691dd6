import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumExecutable } from '../e2e/support/chromium';
import { freePort, startServer } from './server-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A page's path, as WEIGHT_PAGES lists them (comma-separated); the sign-in page by default. */
const pages = (process.env.WEIGHT_PAGES ?? '/login').split(',').filter(Boolean);

type Transfer = { path: string; encoding: string; bytes: number };

/**
 * What a first visit to each page transfers, as Chromium counts it (bytes on the wire, after
 * compression), from the production server on a fresh embedded database; run `npm run build` first.
 */
async function main(): Promise<void> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'cosa-weight-'));
  const server = await startServer({
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: path.join(tempDir, 'data'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
    },
    port: await freePort(),
  });
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: ['--no-sandbox'],
  });
  try {
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const transfers: Promise<Transfer>[] = [];
      tab.on('requestfinished', (request) => {
        transfers.push(
          (async () => {
            const response = await request.response();
            const sizes = await request.sizes();
            return {
              path: new URL(request.url()).pathname,
              encoding: response?.headers()['content-encoding'] ?? 'none',
              bytes: sizes.responseBodySize,
            };
          })(),
        );
      });
      await tab.goto(`${server.baseUrl}${page}`, { waitUntil: 'networkidle' });
      const rows = await Promise.all(transfers);
      const sum = (test: (row: Transfer) => boolean) =>
        (rows.filter(test).reduce((total, row) => total + row.bytes, 0) / 1024).toFixed(1);
      process.stdout.write(
        `\n${page}: ${rows.length} requests, ${sum(() => true)} KiB in all, ${sum((row) => row.path.endsWith('.js'))} KiB of JavaScript, ${sum((row) => row.path.endsWith('.css'))} KiB of CSS\n`,
      );
      for (const row of rows.sort((a, b) => b.bytes - a.bytes))
        process.stdout.write(
          `  ${String(row.bytes).padStart(7)}  ${row.encoding.padEnd(5)} ${row.path}\n`,
        );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
