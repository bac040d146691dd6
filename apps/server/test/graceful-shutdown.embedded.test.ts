import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerAt, type ServerAt } from './spawn-server';

const RUNNING = 'COSA Portal is running at';

/** An HTTP/1.1 request written by hand, so its body can arrive in two parts. */
function openRequest(url: string, body: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(
    [
      'POST /api/auth/login HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Content-Type: application/json',
      `Origin: ${url}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      '',
    ].join('\r\n'),
  );
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  return { socket, answer };
}

const refused = (url: string) =>
  fetch(`${url}/api/health`).then(
    (response) => `answered ${response.status}`,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

/** SIGTERM: requests in flight finish and are answered, new connections are refused, the process ends with 0. */
describe('shutting down on SIGTERM', () => {
  let folder: string;
  let server: ServerAt;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'cosa-shutdown-'));
    server = await spawnServerAt({ DATA_DIR: path.join(folder, 'data'), LOG_LEVEL: 'warn' }, RUNNING);
  }, 90_000);
  afterAll(async () => {
    await server.kill();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the request in flight, refuses what comes after it, takes no new connection, and exits cleanly', async () => {
    const { hostname, port } = new URL(server.url);
    // A keep-alive connection that has had its answer and waits for the next request.
    const idle = connect(Number(port), hostname);
    const idleClosed = new Promise<string>((resolve) => {
      let text = '';
      idle.on('data', (chunk) => (text += chunk.toString()));
      idle.on('close', () => resolve(text));
    });
    idle.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);

    const body = JSON.stringify({ email: 'president@iitbhilai.ac.in', password: 'CosaDemo@2026' });
    const inFlight = openRequest(server.url, body);
    inFlight.socket.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await refused(server.url)).toBe('ECONNREFUSED');
    // The idle connection is closed at once, after its one answer.
    expect((await idleClosed).match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 200']);

    // The rest of the body, and behind it on the same connection a request sent during the stop.
    inFlight.socket.write(
      `${body.slice(10)}GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`,
    );
    // The answers and the end of the connection come well before the 72 s keep-alive would end it.
    const answer = await Promise.race([
      inFlight.answer,
      new Promise<string>((resolve) => setTimeout(() => resolve('no end within 5 s'), 5000)),
    ]);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer).toContain('"email":"president@iitbhilai.ac.in"');
    const refusal = answer.slice(answer.indexOf('HTTP/1.1 503'));
    expect(refusal.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(refusal.toLowerCase()).toContain('connection: close');
    expect(refusal).toContain(
      '{"error":{"code":"SERVICE_UNAVAILABLE","message":"The portal is restarting. Please try again in a moment."}}',
    );
    expect(await stopped).toBe(0);
    expect(server.output).not.toMatch(/error/i);
  }, 60_000);
});
