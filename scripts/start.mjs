#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing, incomplete or older than any of its
// sources, then runs the server in this same process, so that the signals a process manager sends
// (SIGTERM, SIGINT, SIGHUP) reach the server itself. `npm run build` builds on demand.
import '../apps/server/src/supported-node.js';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist');
const built = path.join(dist, 'index.html');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce(
    (latest, name) => Math.max(latest, newest(path.join(file, name))),
    stat.mtimeMs,
  );
}

/** The build is usable when index.html exists, is newer than every source, and every asset it names is there. */
function buildIsCurrent() {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  if (SOURCES.some((source) => newest(path.join(root, source)) > builtAt)) return false;
  const assets = [...readFileSync(built, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  return assets.every((asset) => existsSync(path.join(dist, asset)));
}

if (!buildIsCurrent()) {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
