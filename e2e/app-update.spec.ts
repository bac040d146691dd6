import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, portalContext, test } from './support/fixtures';
import { controlledByServiceWorker } from './support/offline';
import { toast } from './support/page-steps';
import { repoRoot, resultsDir, webDistDir } from './support/paths';
import { freePort, startServer, waitForHealth, type ServerProcess } from './support/server-process';

/**
 * A new release of the portal reaching a phone that has the app (issue: "a new version is
 * announced, never half-loaded"). A portal of its own serves a copy of the build; the release is
 * that copy changed as a deploy changes it (a new page, and a service worker listing it) and the
 * server restarted. The page keeps the release it opened with until the user chooses "Reload to
 * update", and the reload brings the new release whole.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

const RELEASE_MARK = '<meta name="cosa-release" content="2" />';

/** Makes the copy of the build the next release: index.html marked, and the worker's list naming its new revision. */
function releaseNext(dist: string): void {
  const page = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
    '</head>',
    `${RELEASE_MARK}</head>`,
  );
  writeFileSync(path.join(dist, 'index.html'), page);
  const revision = createHash('md5').update(page).digest('hex');
  const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const next = worker.replace(
    /(\{\s*"?revision"?\s*:\s*["'`])[0-9a-f]+(["'`]\s*,\s*"?url"?\s*:\s*["'`]index\.html["'`]\s*\})/,
    `$1${revision}$2`,
  );
  expect(next, 'the worker lists index.html with its revision').not.toBe(worker);
  writeFileSync(path.join(dist, 'sw.js'), next);
  // The build's compressed copies would be served in their place.
  for (const file of ['index.html', 'sw.js'])
    for (const copy of ['.br', '.gz']) rmSync(path.join(dist, `${file}${copy}`), { force: true });
}

test.describe('a new release', () => {
  test.describe.configure({ timeout: 180_000 });

  let dist = '';
  let dataDir = '';
  let port = 0;
  let server: ServerProcess | null = null;
  const start = async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'never',
      NODE_ENV: 'production',
      WEB_DIST_DIR: dist,
    };
    // An embedded database of its own: this portal needs no account, only its pages.
    delete env.DATABASE_URL;
    const logFile = path.join(resultsDir, `server-release-${port}.log`);
    server = startServer({ cwd: repoRoot, env, logFile });
    await waitForHealth(`http://localhost:${port}/api/health`, server.child, logFile);
  };

  test.beforeAll(async () => {
    // Migrating a new embedded database and starting takes longer than a hook's 30 s on a busy machine.
    test.setTimeout(120_000);
    dist = mkdtempSync(path.join(os.tmpdir(), 'cosa-release-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cosa-release-data-'));
    cpSync(webDistDir, dist, { recursive: true });
    port = await freePort();
    await start();
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('is announced with "Reload to update"; the page keeps its release until then, and the reload brings the new one', async ({
    browser,
  }) => {
    const baseURL = `http://localhost:${port}`;
    const context = await portalContext(browser, baseURL, {
      serviceWorkers: 'allow',
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await controlledByServiceWorker(page);
    const release = page.locator('meta[name="cosa-release"]');
    await expect(release).toHaveCount(0);

    // The deploy: new files, the server restarted.
    await server?.stop();
    releaseNext(dist);
    await start();

    // The page finds the new release (as it does each hour, or on the next visit) and says so.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const offer = toast(page, 'A new version of the portal is ready.');
    await expect(offer).toBeVisible({ timeout: 20_000 });
    // Until the user chooses, every page of the portal opens in the release it had.
    const other = await context.newPage();
    await other.goto('/register');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.locator('meta[name="cosa-release"]')).toHaveCount(0);
    await other.close();
    await expect(release).toHaveCount(0);

    await offer.getByRole('button', { name: 'Reload to update' }).click();
    await expect(release).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    await expect(toast(page, 'A new version of the portal is ready.')).toHaveCount(0);
    await context.close();
  });
});
