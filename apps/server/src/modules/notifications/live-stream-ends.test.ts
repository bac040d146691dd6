import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { openUnreadStream } from '../../../test/event-stream';
import { createStudent, createUser } from '../../../test/factories';

/** Well under the 25 s heartbeat: a stream that ends within this ended because its session did. */
const AT_ONCE_MS = 3_000;

/** An open stream: `ended` resolves when the server closes it. */
type Watched = { status: number; ended: Promise<string> };

/** Resolves with how long the stream took to end from now, or rejects when it is still open after AT_ONCE_MS. */
async function endsWithin(stream: Watched): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the stream is still open')), AT_ONCE_MS);
  });
  try {
    await Promise.race([stream.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - started;
}

describe('the live stream of a session that ends', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  let url = '';

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  const openStream = async (cookie: string): Promise<Watched> => {
    const response = await fetch(`${url}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    return { status: response.status, ended: response.text() };
  };

  it('closes at once when an administrator deactivates the account', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const student = (await createStudent(ctx.db)).user;
    const stream = await openStream(await signInAs(ctx, student));
    expect(stream.status).toBe(200);

    const deactivated = await browser.post(
      `/api/admin/users/${student.id}/deactivation`,
      {},
      {
        cookie: admin,
      },
    );
    expect(deactivated.statusCode).toBe(200);
    expect(await endsWithin(stream)).toBeLessThan(AT_ONCE_MS);
  });

  it('closes at once on sign-out everywhere, and on sign-out in another tab only for that session', async () => {
    const admin = await signInAs(ctx, await createUser(ctx.db, { role: 'ADMIN' }));
    const student = (await createStudent(ctx.db)).user;
    const laptop = await signInAs(ctx, student);
    const phone = await signInAs(ctx, student);
    const laptopStream = await openStream(laptop);
    const phoneTab = await openUnreadStream(url, phone);
    try {
      expect(laptopStream.status).toBe(200);
      await phoneTab.waitFor((n) => n === 0);
      // Signing out on the laptop ends the laptop's stream; the phone's stays open.
      expect((await browser.post('/api/auth/logout', {}, { cookie: laptop })).statusCode).toBe(204);
      expect(await endsWithin(laptopStream)).toBeLessThan(AT_ONCE_MS);
      const phoneStream = await openStream(phone);
      await expect(endsWithin(phoneStream)).rejects.toThrow('the stream is still open');

      const everywhere = await browser.post(
        `/api/admin/users/${student.id}/sign-out`,
        {},
        {
          cookie: admin,
        },
      );
      expect(everywhere.statusCode).toBe(200);
      expect(await endsWithin(phoneStream)).toBeLessThan(AT_ONCE_MS);
    } finally {
      phoneTab.close();
    }
  });
});
