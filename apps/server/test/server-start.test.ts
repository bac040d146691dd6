import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server.ts');

/** Starts the real server entry point and waits for it to exit. */
function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    execFile(process.execPath, ['--import', 'tsx', SERVER], { env: { ...inherited, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs the server until it has printed its start-up lines; returns them and a stop function. */
async function run(env: Record<string, string>): Promise<{ output: string; stop: () => Promise<number | null> }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...inherited, LOG_LEVEL: 'silent', ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Password for every demo account') && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('server start-up', () => {
  it('seeds a new embedded database once, prints the demo accounts at every start, and keeps data across restarts', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-start-')), 'data');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` };
    try {
      const first = await run(env);
      expect(first.output).toContain(`COSA Portal is running at http://127.0.0.1:${port}`);
      expect(first.output).toContain('Demo campus created. Demo accounts:');
      expect(first.output).toMatch(/PRESIDENT\s+president@iitbhilai\.ac\.in/);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
        body: JSON.stringify({ name: 'Kept Across Restarts', studentId: '98765432', email: 'kept.student@iitbhilai.ac.in', password: 'kept-password-1' }),
      });
      expect(registered.status).toBe(201);
      expect(await first.stop()).toBe(0);

      const second = await run(env);
      expect(second.output).toContain('Demo accounts:');
      expect(second.output).not.toContain('Demo campus created');
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
        body: JSON.stringify({ email: 'kept.student@iitbhilai.ac.in', password: 'kept-password-1' }),
      });
      expect(login.status).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);

  it('stops with one clear line and exit code 1 when the PostgreSQL server is down', async () => {
    const outcome = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/cosa', PORT: '0' });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    expect(outcome.stderr).toContain('Cannot open the PostgreSQL server at 127.0.0.1:1/cosa: connection refused.');
    expect(outcome.stdout).not.toContain('running at');
  }, 60_000);

  it('stops with one line naming a bad variable, never a stack trace', async () => {
    const outcome = await start({ PORT: 'eighty' });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  }, 60_000);
});
