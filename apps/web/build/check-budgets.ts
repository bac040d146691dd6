/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGETS } from './budgets';
import { preactIn } from './preact-scan';
import { kib, overBudget, type RouteWeight } from './route-weights';

// A step of `npm test` after the build: every route within its budget (budgets.ts), and no Preact
// in the built JavaScript (preact-scan.ts).
const report = fileURLToPath(new URL('../reports/route-weights.json', import.meta.url));
const assets = fileURLToPath(new URL('../dist/assets', import.meta.url));
if (!existsSync(report) || !existsSync(assets)) {
  process.stderr.write(`No ${report} or ${assets}: build the web app first (npm run build).\n`);
  process.exit(1);
}
const weights = JSON.parse(readFileSync(report, 'utf8')) as RouteWeight[];
const scripts = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({
    name: path.join('dist/assets', name),
    code: readFileSync(path.join(assets, name), 'utf8'),
  }));
const problems = [...overBudget(weights, BUDGETS), ...preactIn(scripts)];
const heaviest = [...weights].sort((a, b) => b.js - a.js)[0]!;
const login = weights.find((weight) => weight.path === '/login');
process.stdout.write(
  `${weights.length} routes; /login loads ${kib(login?.js ?? 0)} KiB of JavaScript and ${kib(login?.css ?? 0)} KiB of CSS, the heaviest route (${heaviest.path}) ${kib(heaviest.js)} KiB of JavaScript (gzipped); ${scripts.length} scripts scanned for Preact.\n`,
);
if (problems.length > 0) {
  process.stderr.write(`Refused:\n${problems.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every route is within its budget, and no script holds Preact.\n');
