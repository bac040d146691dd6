/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kib, overBudget, type Budget, type RouteWeight } from './route-weights';

const KIB = 1024;

/** The pages a signed-out visitor reaches first (a transcript's QR code and the credential check among them). */
const SIGNED_OUT = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:id/:token',
  '/google-unavailable',
  '/verify-email',
  '/verify-email/:token',
  '/logout',
  '/unauthorised',
  '/verify',
  '/verify/:id',
]);

/**
 * The most each route may load, gzipped (docs/benchmarks.md, "Page weight"). They hold today's
 * pages with a little room, so that a change which makes a page heavier fails the test command;
 * lower them as pages get lighter. The goals are 80 KiB of JavaScript for the sign-in pages and
 * 150 KiB for every signed-in page.
 */
export const BUDGETS: Budget[] = [
  { name: 'signed-out page', paths: (route) => SIGNED_OUT.has(route), js: 154 * KIB, css: 10 * KIB },
  { name: 'signed-in page', paths: () => true, js: 184 * KIB, css: 10 * KIB },
];

const report = fileURLToPath(new URL('../reports/route-weights.json', import.meta.url));
if (!existsSync(report)) {
  process.stderr.write(`No ${report}: build the web app first (npm run build).\n`);
  process.exit(1);
}
const weights = JSON.parse(readFileSync(report, 'utf8')) as RouteWeight[];
const problems = overBudget(weights, BUDGETS);
const heaviest = [...weights].sort((a, b) => b.js - a.js)[0]!;
const login = weights.find((weight) => weight.path === '/login');
process.stdout.write(
  `${weights.length} routes; /login loads ${kib(login?.js ?? 0)} KiB of JavaScript and ${kib(login?.css ?? 0)} KiB of CSS, the heaviest route (${heaviest.path}) ${kib(heaviest.js)} KiB of JavaScript (gzipped).\n`,
);
if (problems.length > 0) {
  process.stderr.write(`Over budget:\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every route is within its budget.\n');
