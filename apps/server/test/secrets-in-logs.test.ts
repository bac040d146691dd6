import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, testConfig } from './build-test-app';
import { createStudent, createUser } from './factories';
import { memoryMailer } from './mail-helpers';
import { openTestDatabase } from './test-db';

/** The server's log at info level, as the lines it writes. */
function logCapture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('secrets in the logs', () => {
  let database: DatabaseHandle;
  let app: App;
  const log = logCapture();
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      webDistDir: null,
      mailer,
      logger: { level: 'info', stream: log.stream },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      remoteAddress: '192.0.2.10',
      headers: { origin: TEST_ORIGIN },
      ...(payload ? { payload } : {}),
    });

  it('a whole password reset writes requests to the log at info, but never the token of the link', async () => {
    const user = await createUser(database.db);
    expect((await send('POST', '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = mailer.sent.at(-1)!;
    const [, id, token] = mail.text.match(/\/reset-password\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})/)!;

    // The page the mail links to, then the page's check and the reset itself.
    await send('GET', `/reset-password/${id}/${token}`);
    expect((await send('GET', `/api/auth/reset-password/${id}/${token}`)).statusCode).toBe(200);
    expect(
      (await send('POST', `/api/auth/reset-password/${id}/${token}`, { password: 'Brand#New2025' }))
        .statusCode,
    ).toBe(200);

    const text = log.text();
    expect(text).toContain('/api/auth/reset-password/[redacted]');
    expect(text).not.toContain(id);
    expect(text).toContain('"level":30');
    expect(text).not.toContain(token);
  });

  it('a registration and its verification link write no token to the log', async () => {
    const response = await send('POST', '/api/auth/register', {
      name: 'Log Check',
      studentId: '44556677',
      email: 'log.check@iitbhilai.ac.in',
      password: 'Quiet#Logs2025',
    });
    expect(response.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const token = mailer.sent.at(-1)!.text.match(/\/verify-email\/([A-Za-z0-9_-]{43})/)![1]!;
    await send('GET', `/verify-email/${token}`);
    expect(
      (await send('POST', '/api/auth/verify-email', { token, password: 'Quiet#Logs2025' })).statusCode,
    ).toBe(200);
    expect(log.text()).toContain('/verify-email/[redacted]');
    expect(log.text()).not.toContain(token);
  });

  it("a private calendar feed's address writes no token to the log, found or not", async () => {
    const { user } = await createStudent(database.db);
    const cookie = await signInAs({ db: database.db, config: testConfig() }, user);
    const made = await app.inject({
      method: 'POST',
      url: '/api/me/calendar-feed',
      remoteAddress: '192.0.2.11',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    const url = new URL(made.json().url as string);
    const token = url.pathname.split('/').at(-1)!.replace('.ics', '');
    expect((await send('GET', url.pathname)).statusCode).toBe(200);
    await app.inject({
      method: 'DELETE',
      url: '/api/me/calendar-feed',
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect((await send('GET', url.pathname)).statusCode).toBe(404);
    expect(log.text()).toContain('/api/calendar/feeds/[redacted]');
    expect(log.text()).not.toContain(token);
  });

  it("the Google callback's code and state stay out of the log", async () => {
    await send('GET', '/api/auth/google/callback?code=4%2F0AVG7fiQsecretcode&state=Xy12secretstate');
    expect(log.text()).toContain('/api/auth/google/callback?code=[redacted]&state=[redacted]');
    expect(log.text()).not.toContain('secretcode');
    expect(log.text()).not.toContain('secretstate');
  });
});
