import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from './spawn-server';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.ts');

/**
 * Runs an entry point on this Node.js made to report `version` (the only way to try an older Node
 * here: npm's scripts run the pinned Node.js 24).
 */
function runAs(
  version: string,
  entry: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const pretend = `data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"${version}"}});Object.defineProperty(process,"version",{value:"v${version}"});`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', pretend, '--import', 'tsx', entry, ...args],
      // A port no server can take: should the check let it through, it stops at once, touching nothing.
      { env: { ...env, LOG_LEVEL: 'silent', PORT: 'none' }, timeout: 80_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

const REFUSAL = (version: string) =>
  `COSA Portal needs Node.js 24 (22.12 or newer also runs), not v${version}: run it through npm ` +
  '(npm start, npm test, npm run cli), which uses the Node.js 24 that `npm ci` installs in ' +
  'node_modules/.bin, or put node_modules/.bin first on PATH.\n';

// Each run loads an entry point through tsx: on a busy machine that alone can take half a minute.
describe('the Node.js the portal runs on', { timeout: 90_000 }, () => {
  it('stops the server on Node.js 20 with one line saying which Node.js it needs and how to get it', async () => {
    const outcome = await runAs('20.20.2', SERVER_ENTRY);
    expect(outcome).toEqual({ code: 1, stdout: '', stderr: REFUSAL('20.20.2') });
  });

  it('stops the command line on Node.js 22 before 22.12 the same way', async () => {
    const outcome = await runAs('22.11.0', CLI, '--help');
    expect(outcome).toEqual({ code: 1, stdout: '', stderr: REFUSAL('22.11.0') });
  });

  it.each(['22.12.0', '24.0.0'])('runs on Node.js %s', async (version) => {
    const outcome = await runAs(version, CLI, '--help');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain('Usage: npm run cli -- [options] [command]');
  });
});
