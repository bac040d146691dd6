/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kib, overBudget, type Budget, type RouteWeight } from './route-weights';

const KIB = 1024;

/** The account pages a signed-out visitor reaches first: signing in, registering, a reset or verification link. */
const SIGN_IN = new Set([
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/:id/:token',
  '/google-unavailable',
  '/verify-email',
  '/verify-email/:token',
  '/logout',
  '/unauthorised',
]);

/** Other pages open to anyone: a transcript's QR code opens /verify/:id, which checks credentials too; an e-mail's unsubscribe link. */
const PUBLIC = new Set(['/verify', '/verify/:id', '/unsubscribe']);

/**
 * The most each route may load, gzipped (docs/benchmarks.md, "Page weight"; decision 0010): the
 * issue's goals of 80 KiB of JavaScript for the sign-in pages and 150 KiB for every signed-in
 * page, and 100 KiB for the public verification pages; 10 KiB of CSS everywhere.
 */
export const BUDGETS: Budget[] = [
  { name: 'sign-in page', paths: (route) => SIGN_IN.has(route), js: 80 * KIB, css: 10 * KIB },
  { name: 'public page', paths: (route) => PUBLIC.has(route), js: 100 * KIB, css: 10 * KIB },
  { name: 'signed-in page', paths: () => true, js: 150 * KIB, css: 10 * KIB },
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
