import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './support/chromium';
import './support/worker-server';
import { e2eDir, resultsDir } from './support/paths';

export default defineConfig({
  testDir: e2eDir,
  testMatch: '**/*.spec.ts',
  outputDir: resultsDir,
  globalSetup: path.join(e2eDir, 'support', 'global-setup.ts'),
  // Each worker has a portal and a database of its own (support/global-setup.ts). A test spends
  // most of its time waiting for the page (the browser tests alone keep about half a core busy),
  // so two workers on two cores take about half the time of one (decision 0012). E2E_WORKERS=1
  // runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? (os.availableParallelism() >= 2 ? 2 : 1)) >= 2 ? 2 : 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: path.join(resultsDir, 'results.json') }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The API refuses a state-changing request that names no origin; the tests' own API calls name the portal's.
    ...(process.env.E2E_BASE_URL ? { extraHTTPHeaders: { origin: process.env.E2E_BASE_URL } } : {}),
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recording a trace of every test costs the run about a sixth of its time; CI, whose output is
    // its last lines, records none (E2E_TRACE=retain-on-failure there asks for them again).
    trace:
      process.env.E2E_TRACE === 'retain-on-failure' || !process.env.CI ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The portal's service worker answers a page's requests itself, which page.route never sees: the
    // specs that intercept requests run without it. app-offline.spec.ts lets it run (decision 0043).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
