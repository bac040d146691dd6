#!/usr/bin/env node
// Runs every check of the project: typecheck, lint, the Vitest projects (contracts, server, web),
// then the web build, its page-weight budgets and the browser tests against the real server; ends
// with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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

// TEST_DATABASE_ONLY=1 runs only the tests whose outcome depends on the database (Vitest): CI
// runs the whole command on the embedded database, then this part again on a PostgreSQL server.
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';
if (databaseOnly) process.stdout.write('\nTEST_DATABASE_ONLY=1: typecheck, lint, the web build and the browser tests are left to the full run.\n');

if (!databaseOnly) {
  step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  step('lint', 'npm', ['run', '--silent', 'lint']);
}

const vitestReport = path.join(reports, 'vitest.json');
// The database pass runs the server's tests only: the web app's, the contracts' and the tools' do
// not touch a database, and the full run has run them.
const vitestOk = run(databaseOnly ? 'API and database tests (Vitest, server)' : 'unit, API and component tests (Vitest)', 'npx', [
  'vitest', 'run', ...(databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : []), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`,
]);
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

const built = databaseOnly || run('build the web app', 'npm', ['run', '--silent', 'build']);
if (databaseOnly) {
  // Nothing more: the build, its budgets and the browser tests do not change with the database.
} else if (!built) {
  failed += 1;
  failures.push('web build');
} else {
  step('page weight budgets', 'node', ['--import', 'tsx', 'apps/web/build/check-budgets.ts']);
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
