#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than any of its sources, then
// starts the server. A start after the first does not build again, so the portal answers within
// seconds; `npm run build` builds on demand.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contracts/src', 'package-lock.json'];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file).reduce((latest, name) => Math.max(latest, newest(path.join(file, name))), stat.mtimeMs);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (SOURCES.some((source) => newest(path.join(root, source)) > builtAt)) {
  run(['run', '--silent', 'build']);
}
// The server runs as this process's child; the signals a process manager sends (SIGTERM, SIGINT)
// are passed on, so it shuts down gracefully, and its exit code becomes this one's.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
