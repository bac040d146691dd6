import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, freePort, spawnServer } from './spawn-server';

/** Starts the real server entry point and waits for it to exit. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    execFile(
      process.execPath,
      ['--import', 'tsx', SERVER_ENTRY],
      { env: { ...inherited, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs the server until it has printed `until` (its start-up lines by default). */
const run = (env: Record<string, string>, until = 'Password for every demo account') =>
  spawnServer(env, until);

describe('server start-up', () => {
  it('seeds a new embedded database once, prints the demo accounts at every start, and keeps data across restarts', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-start-')), 'data');
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    try {
      const first = await run(env);
      expect(first.output).toContain(`COSA Portal is running at http://127.0.0.1:${port}`);
      // The Node.js it runs on: 24, the one npm's scripts run (node_modules/.bin/node).
      expect(first.output).toMatch(/^Node\.js: v24\.\d+\.\d+$/m);
      expect(first.output).toContain('Demo campus created. Demo accounts:');
      expect(first.output).toMatch(/PRESIDENT\s+president@iitbhilai\.ac\.in/);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // It holds password hashes and signing keys: no other user of the machine reads it.
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
        body: JSON.stringify({
          name: 'Kept Across Restarts',
          studentId: '98765432',
          email: 'kept.student@iitbhilai.ac.in',
          password: 'kept-password-1',
        }),
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
    expect(outcome.stderr).toContain(
      'Cannot open the PostgreSQL server at 127.0.0.1:1/cosa: connection refused.',
    );
    expect(outcome.stdout).not.toContain('running at');
  }, 60_000);

  it('stops with one line naming a bad variable, never a stack trace', async () => {
    const outcome = await start({ PORT: 'eighty' });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  }, 60_000);

  it('in production seeds no demo campus by itself, and warns loudly that e-mail goes nowhere without SMTP_URL', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-start-prod-')), 'data');
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://cosa.example.ac.in',
    };
    try {
      const server = await run(env, 'Set SMTP_URL.');
      expect(server.output).toContain('COSA Portal is running at https://cosa.example.ac.in');
      expect(server.output).not.toContain('Demo');
      expect(server.output).not.toContain('CosaDemo@2026');
      expect(server.output).toContain(
        'WARNING: SMTP_URL is not set: no e-mail leaves this portal. Verification and password reset links reach nobody, so new users cannot verify their address and nobody can reset a password. Set SMTP_URL.',
      );
      expect(await server.stop()).toBe(0);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);

  it('in production seeds the demo campus only when SEED_DEMO=always asks, with a random password printed once', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-start-demo-')), 'data');
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      SEED_DEMO: 'always',
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://cosa.example.ac.in',
    };
    try {
      const first = await run(env, 'note it): ');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(first.output).toContain('Demo campus created. Demo accounts:');
      const password = first.output.match(
        /Password for every demo account \(shown only now; note it\): (\S+)/,
      )?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(first.output).not.toContain('CosaDemo@2026');
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: env.PUBLIC_URL },
        body: JSON.stringify({ email: 'president@iitbhilai.ac.in', password }),
      });
      expect(login.status).toBe(200);
      expect(await first.stop()).toBe(0);

      const second = await run(env, 'printed once');
      expect(second.output).toContain(
        'Their password was printed once, when the demo campus was created.',
      );
      expect(second.output).not.toContain(password!);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);

  it('shows the random demo password even when the port is taken, so the campus it seeded stays usable', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'cosa-start-')), 'data');
    const port = await freePort();
    const busy = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    try {
      const result = await start({
        NODE_ENV: 'production',
        SEED_DEMO: 'always',
        SMTP_URL: 'smtp://127.0.0.1:9',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://cosa.example.ac.in',
        LOG_LEVEL: 'warn',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Port ${port} is already in use: set PORT to a free port.`);
      expect(result.stderr).toMatch(
        /password for every demo account \(shown only now; note it\): [A-Za-z0-9_-]{24}\n/,
      );
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
    } finally {
      busy.close();
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});
