#!/usr/bin/env node
// Runs every check of the project: typecheck, lint, the Vitest projects (contracts, server, web),
// then the web build, its page-weight budgets and the browser tests against the real server; ends
// with one line "N passed, N failed".
import '../apps/server/src/supported-node.js';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// TEST_DATABASE_ONLY=1 runs only the tests whose outcome depends on the database (the server's
// Vitest tests): CI runs the whole command on the embedded database, then this part again on a
// PostgreSQL server. TEST_BROWSER=0 leaves the browser tests out and TEST_BROWSER=only runs them
// alone (building the web app first if it is missing), so that CI can run them beside the
// PostgreSQL part. Each part keeps its reports apart, in test-results/<part>.
const part =
  process.env.TEST_DATABASE_ONLY === '1'
    ? 'database'
    : process.env.TEST_BROWSER === 'only'
      ? 'browser'
      : process.env.TEST_BROWSER === '0'
        ? 'without-browser'
        : 'all';
const databaseOnly = part === 'database';
const reports = path.join(root, 'test-results', part);
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

process.stdout.write(`npm test on Node.js ${process.version} (${process.execPath})\n`);

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function step(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (databaseOnly)
  process.stdout.write(
    '\nTEST_DATABASE_ONLY=1: typecheck, lint, the web build and the browser tests are left to the full run.\n',
  );
if (part === 'without-browser')
  process.stdout.write('\nTEST_BROWSER=0: the browser tests are left out.\n');
if (part === 'browser') process.stdout.write('\nTEST_BROWSER=only: the browser tests alone.\n');

/** Runs a command with its output kept, to be printed whole when it ends: for steps that run side by side. */
function runQuietly(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ label, ok: code === 0, output: Buffer.concat(output) }));
  });
}

if (part === 'all' || part === 'without-browser') {
  // Each is one process on one core: side by side they take the time of the longer one.
  const checks = await Promise.all([
    runQuietly('typecheck', 'npm', ['run', '--silent', 'typecheck']),
    runQuietly('lint', 'npm', ['run', '--silent', 'lint']),
  ]);
  for (const { label, ok, output } of checks) {
    process.stdout.write(`\n=== ${label} ===\n`);
    process.stdout.write(output);
    if (ok) passed += 1;
    else {
      failed += 1;
      failures.push(label);
    }
  }
}

if (part !== 'browser') {
  const vitestReport = path.join(reports, 'vitest.json');
  // The database pass runs the server's tests only: the web app's, the contracts' and the tools' do
  // not touch a database, and the full run has run them.
  const vitestOk = run(
    databaseOnly ? 'API and database tests (Vitest, server)' : 'unit, API and component tests (Vitest)',
    'npx',
    [
      'vitest',
      'run',
      ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  );
  const vitest = readJson(vitestReport);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
    if (!vitestOk && (vitest.numFailedTests ?? 0) === 0) {
      failed += 1;
      failures.push('vitest (a suite failed to run)');
    } else if (!vitestOk) failures.push('vitest');
  } else {
    failed += 1;
    failures.push('vitest (no report)');
  }
}

if (part === 'all' || part === 'without-browser') {
  if (run('build the web app', 'npm', ['run', '--silent', 'build']))
    step('page weight budgets', 'node', ['--import', 'tsx', 'apps/web/build/check-budgets.ts']);
  else {
    failed += 1;
    failures.push('web build');
  }
}

// The browser tests need the build: without one (TEST_BROWSER=only on a fresh clone) their setup makes it.
if ((part === 'all' && !failures.includes('web build')) || part === 'browser') {
  const e2eReport = path.join(root, 'e2e', 'test-results', 'results.json');
  rmSync(e2eReport, { force: true });
  const e2eOk = run('browser tests (Playwright, Chromium)', 'npm', ['test', '--silent', '-w', 'e2e']);
  const e2e = existsSync(e2eReport) ? readJson(e2eReport) : null;
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
    if (!e2eOk && (e2e.stats.unexpected ?? 0) === 0) {
      failed += 1;
      failures.push('browser tests (the run failed)');
    } else if (!e2eOk) failures.push('browser tests');
  } else {
    failed += 1;
    failures.push('browser tests (no report)');
  }
}

const summary = `${passed} passed, ${failed} failed`;
if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed}\n`);
if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
process.stdout.write(`\n${summary}\n`);
process.exit(failed === 0 ? 0 : 1);
