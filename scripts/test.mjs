#!/usr/bin/env node
// Runs every check of the project: the Vitest projects (contracts, server, web), the PostgreSQL
// race tests on a local server when one answers (test-postgres.mjs), then the web build, its
// page-weight budgets and the browser tests against the real server, then typecheck and lint; ends
// with one line "N passed, N failed".
import '../apps/server/src/supported-node.js';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localPostgres, raceTestFiles, unreachableBecause } from './test-postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// TEST_DATABASE_ONLY=1 runs only the tests whose outcome depends on the database (the server's
// Vitest tests), e.g. again on the PostgreSQL server DATABASE_URL names. TEST_BROWSER=0 leaves the
// browser tests out and TEST_BROWSER=only runs them alone (building the web app first if it is
// missing). TEST_POSTGRES=all: see the PostgreSQL part below. Each part keeps its reports apart, in
// test-results/<part>.
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
/** What the last lines say about the PostgreSQL race tests: where they ran, or why they did not. */
const notes = [];

process.stdout.write(`npm test on Node.js ${process.version} (${process.execPath})\n`);

/**
 * Runs a command with its output shown as it comes; resolves whether it succeeded. Never blocks
 * this process, so what runs beside it (below) goes on and is counted as it ends.
 */
function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => {
      process.stdout.write(`${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

async function step(label, command, args) {
  if (await run(label, command, args)) passed += 1;
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

/**
 * Runs a command with its output kept, to be printed whole when it ends: for steps that run side
 * by side. `env` is added to this process's environment.
 */
function runQuietly(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ label, ok: code === 0, output: Buffer.concat(output) }));
  });
}

/** Prints the output of a step that ran side by side, kept until it ended. */
function printKept(label, output, where = '') {
  process.stdout.write(`\n=== ${label}${where} ===\n`);
  process.stdout.write(output);
}

const BESIDE = ' (ran beside the browser tests)';

/** Counts a check's outcome (typecheck, lint) and prints its output. */
function countCheck({ label, ok, output }, where = '') {
  printKept(label, output, where);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

const checkCommands = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];

// Without the browser tests, typecheck and lint run first, side by side: each is one process on one
// core. A full run puts them after the browser tests instead (below).
if (part === 'without-browser') {
  const checks = await Promise.all(checkCommands.map((command) => runQuietly(...command)));
  for (const check of checks) countCheck(check);
}

/** The files whose suite failed to run, and the first line of why, for the last lines of the run. */
function suitesThatFailed(result) {
  return (result.testResults ?? [])
    .filter(
      (file) =>
        file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'),
    )
    .map((file) => {
      const why = String(file.message ?? '')
        .split('\n')[0]
        .slice(0, 200);
      return `${path.relative(root, file.name)}${why ? ` — ${why}` : ''}`;
    })
    .join('; ');
}

/** The first few of `names`, and how many more there are, for the last lines of the run. */
function firstFew(names, shown = 5) {
  const more = names.length > shown ? `; and ${names.length - shown} more` : '';
  return names.slice(0, shown).join('; ') + more;
}

/** The Vitest tests that failed, by file and name. */
function testsThatFailed(result) {
  const names = (result.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${path.relative(root, file.name)} > ${test.fullName ?? test.title}`),
  );
  return firstFew(names);
}

/** The browser tests that failed, by file and title, from Playwright's JSON report. */
function specsThatFailed(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      if (spec.ok === false) names.push(`e2e/${spec.file} > ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return firstFew(names);
}

const vitestArgs = (args, report) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  '--reporter=./scripts/vitest-unhandled-reporter.mjs',
];

/** Where scripts/vitest-unhandled-reporter.mjs writes the errors outside tests of a run. */
const unhandledFileOf = (report) => report.replace(/\.json$/, '-unhandled.json');

/** Adds a Vitest run's counts, from its JSON report, to the totals. */
function countVitest(label, ok, report) {
  const result = readJson(report);
  const unhandled = readJson(unhandledFileOf(report)) ?? [];
  if (result) {
    passed += result.numPassedTests ?? 0;
    failed += result.numFailedTests ?? 0;
    if (!ok && (result.numFailedTests ?? 0) === 0) {
      failed += 1;
      const why = [suitesThatFailed(result), ...unhandled].filter(Boolean).join('; ');
      failures.push(`${label} (a suite failed to run${why ? `: ${why}` : ''})`);
    } else if (!ok) failures.push(`${label} (${testsThatFailed(result)})`);
  } else {
    failed += 1;
    failures.push(`${label} (no report)`);
  }
}

/**
 * Runs Vitest with a JSON report and adds its counts to the totals. `beside`: its output is kept
 * and printed whole when it ends, for the PostgreSQL pass beside the browser tests.
 */
async function vitest(label, args, report, env = {}, { beside = false } = {}) {
  const unhandledFile = unhandledFileOf(report);
  rmSync(unhandledFile, { force: true });
  const command = [
    label,
    'npx',
    vitestArgs(args, report),
    { ...env, VITEST_UNHANDLED_FILE: unhandledFile },
  ];
  let ok;
  if (beside) {
    const kept = await runQuietly(...command);
    printKept(label, kept.output, BESIDE);
    ok = kept.ok;
  } else ok = await run(...command);
  countVitest(label, ok, report);
}

// On PGlite one connection runs one transaction at a time, so races between connections cannot
// happen there: the race tests need a PostgreSQL server. With DATABASE_URL set every test runs on
// it; otherwise the race tests run on a local server when one answers. TEST_POSTGRES=all (CI) runs
// every server test there instead, and fails when no server answers: the server's tests then run
// once, on the PostgreSQL server, each file on one connection as the embedded database has
// (test/test-db.ts), and on the embedded database run the tests of the embedded database itself,
// beside the browser tests, whose portals run on it (decision 0032).
const everything = process.env.TEST_POSTGRES === 'all';
const server = localPostgres();
/** Why the local PostgreSQL server cannot be used (null: it answers); only asked when it is needed. */
const unreachable =
  part === 'browser' || process.env.DATABASE_URL ? null : await unreachableBecause(server.url);
/** The server's tests run on the PostgreSQL server, and on the embedded database only its own. */
const serverTestsOnPostgres = everything && !process.env.DATABASE_URL && !unreachable;

if (part !== 'browser') {
  // The database pass runs the server's tests only: the web app's, the contracts' and the tools' do
  // not touch a database, and the full run has run them.
  await vitest(
    databaseOnly
      ? 'API and database tests (Vitest, server)'
      : serverTestsOnPostgres
        ? "unit and component tests, and the embedded database's own (Vitest)"
        : 'unit, API and component tests (Vitest)',
    databaseOnly ? ['--project', 'server', '--project', 'server-isolated'] : [],
    path.join(reports, 'vitest.json'),
    serverTestsOnPostgres && !databaseOnly ? { TEST_EMBEDDED_ONLY: '1' } : {},
  );
}

/** What runs beside the build and the browser tests (see below); awaited before the totals. */
let besideBrowser = Promise.resolve();
if (part !== 'browser') {
  const files = raceTestFiles(root);
  const what = `the PostgreSQL race tests (${files.length} files)`;
  if (process.env.DATABASE_URL) notes.push(`Ran: ${what}, with the others, on DATABASE_URL's server.`);
  else {
    const why = unreachable;
    if (why && everything) {
      failed += 1;
      failures.push(`server tests on PostgreSQL (TEST_POSTGRES=all: no server at ${server.where})`);
      notes.push(
        `Not run: the server tests on PostgreSQL — no PostgreSQL server at ${server.where}: ${why}.`,
      );
    } else if (why)
      notes.push(
        `Skipped: ${what} — no PostgreSQL server at ${server.where}: ${why}. ` +
          'Start one there, or set DATABASE_URL (or PGHOST, PGPORT, PGUSER), to run them.',
      );
    else if (everything && part === 'all') {
      // Every server test, on two workers beside the build and the browser tests: those spend most
      // of their time waiting for pages, and this pass fills the cores' idle time. Its output
      // comes when it ends.
      besideBrowser = vitest(
        'server tests on PostgreSQL (Vitest)',
        ['--project', 'server', '--project', 'server-isolated', '--maxWorkers=2'],
        path.join(reports, 'vitest-postgres.json'),
        { DATABASE_URL: server.url, TEST_DATABASE_ONLY: '1' },
        { beside: true },
      );
      notes.push(
        `Ran: every server test on PostgreSQL at ${server.where}, beside the browser tests; on the embedded database, its own tests.`,
      );
    } else {
      await vitest(
        everything ? 'server tests on PostgreSQL (Vitest)' : 'PostgreSQL race tests (Vitest)',
        everything
          ? ['--project', 'server', '--project', 'server-isolated']
          : ['--project', 'server', ...files],
        path.join(reports, 'vitest-postgres.json'),
        // Like CI's database pass, the server's tests that start on the embedded database stay out.
        { DATABASE_URL: server.url, ...(everything ? { TEST_DATABASE_ONLY: '1' } : {}) },
      );
      notes.push(`Ran: ${everything ? 'every server test' : what} on PostgreSQL at ${server.where}.`);
    }
  }
}

if (part === 'all' || part === 'without-browser') {
  if (await run('build the web app', 'npm', ['run', '--silent', 'build']))
    await step('page weight budgets', 'node', ['--import', 'tsx', 'apps/web/build/check-budgets.ts']);
  else {
    failed += 1;
    failures.push('web build');
  }
}

// The browser tests need the build: without one (TEST_BROWSER=only on a fresh clone) their setup makes it.
if ((part === 'all' && !failures.includes('web build')) || part === 'browser') {
  const e2eReport = path.join(root, 'e2e', 'test-results', 'results.json');
  rmSync(e2eReport, { force: true });
  const e2eOk = await run('browser tests (Playwright, Chromium)', 'npm', [
    'test',
    '--silent',
    '-w',
    'e2e',
  ]);
  const e2e = existsSync(e2eReport) ? readJson(e2eReport) : null;
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
    if (!e2eOk && (e2e.stats.unexpected ?? 0) === 0) {
      failed += 1;
      failures.push('browser tests (the run failed)');
    } else if (!e2eOk) failures.push(`browser tests (${specsThatFailed(e2e)})`);
  } else {
    failed += 1;
    failures.push('browser tests (no report)');
  }
}

// In a full run typecheck and lint come once the browser tests end, side by side, beside the end
// of the PostgreSQL pass when it runs there: the browser tests' two workers keep both cores busy.
if (part === 'all') {
  const checks = await Promise.all(checkCommands.map((command) => runQuietly(...command)));
  for (const check of checks) countCheck(check, ' (ran after the browser tests)');
}

await besideBrowser;

const summary = `${passed} passed, ${failed} failed`;
if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed}\n`);
process.stdout.write('\n');
for (const note of notes) process.stdout.write(`${note}\n`);
if (failures.length) process.stdout.write(`Failed: ${failures.join(', ')}\n`);
process.stdout.write(`\n${summary}\n`);
process.exit(failed === 0 ? 0 : 1);
