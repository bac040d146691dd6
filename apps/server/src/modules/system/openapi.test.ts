import { createServer } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { createStudent } from '../../../test/factories';

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
};
type OpenApi = {
  info: { description: string };
  components: { securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
};

/** A port nobody listens on now, so that the portal's PUBLIC_URL can name it before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the OpenAPI document for developers outside the portal', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });
  const ctx = useTestApp({}, { env: () => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }) });
  let document: OpenApi;
  beforeAll(async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json() as OpenApi;
  });

  it('declares the session cookie and which operations need it', () => {
    expect(document.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'cosa_session',
    });
    // Signed-in operations require the cookie; public and signed-out ones do not.
    expect(document.paths['/api/me/profile']!.get!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/notifications/read-all']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/admin/users']!.get!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/auth/register']!.post!.security).toEqual([]);
  });

  it('names every response in the one error shape, with examples', () => {
    const create = document.paths['/api/me/achievements']!.post!;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    const decide = document.paths['/api/room-bookings/{id}']!.patch!;
    expect(Object.keys(decide.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    expect(Object.keys(document.paths['/api/auth/login']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '403', '429']),
    );
    expect(Object.keys(document.paths['/api/admin/imports/preview']!.post!.responses)).toEqual(
      expect.arrayContaining(['413']),
    );
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
          if (Number(status) >= 400)
            expect(
              response.content?.['application/json']?.example,
              `${method} ${path} ${status}`,
            ).toEqual({
              error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
            });
        }
    expect(
      document.paths['/api/me/profile']!.get!.responses['401']!.content!['application/json']!.example,
    ).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
    expect(create.responses['400']!.content!['application/json']!.example).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: expect.any(Object) },
    });
    const signIn = document.paths['/api/auth/login']!.post!;
    expect(signIn.requestBody!.content['application/json']!.example).toEqual({
      email: expect.stringContaining('@'),
      password: expect.any(String),
    });
    expect(signIn.responses['200']!.content!['application/json']!.example).toMatchObject({
      user: { role: 'STUDENT' },
    });
  });

  it('explains signing in and the same-origin rule at the top of /api/docs', () => {
    const intro = document.info.description;
    expect(intro).toContain('POST /api/auth/login');
    expect(intro).toContain('cosa_session');
    expect(intro).toContain(`Origin: http://127.0.0.1:${port}`);
    expect(intro).toContain('CROSS_ORIGIN_REFUSED');
  });

  it("runs the docs' first script against the started portal: sign in, read, then change with Origin", async () => {
    const { user } = await createStudent(ctx.db, { name: 'Asha Verma', password: 'First#Script2026' });
    await ctx.db.insert(notifications).values(
      ['One', 'Two'].map((subject) => ({
        userId: user.id,
        kind: 'achievement' as const,
        subject,
        link: '/home',
        delivery: 'app' as const,
      })),
    );
    await ctx.app.listen({ port, host: '127.0.0.1' });
    const script = /```js\n([\s\S]*?)```/.exec(document.info.description)?.[1];
    expect(script).toBeDefined();
    // The reader puts in their own address and password; nothing else of the script changes.
    const ready = script!
      .replace("'you@example.org'", JSON.stringify(user.email))
      .replace("'your password'", "'First#Script2026'");
    const printed: string[] = [];
    const run = new Function('console', `return (async () => {\n${ready}\n})();`) as (console: {
      log: (line: string) => void;
    }) => Promise<void>;
    await run({ log: (line) => printed.push(line) });
    expect(printed).toEqual(['Signed in as Asha Verma', 'Unread notifications: 0']);
    const unread = await ctx.db
      .select()
      .from(notifications)
      .where(isNull(notifications.readAt))
      .then((rows) => rows.filter((row) => row.userId === user.id));
    expect(unread).toHaveLength(0);

    // Without Origin the same change is refused, as the introduction says.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: user.email, password: 'First#Script2026' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const refused = await fetch(`http://127.0.0.1:${port}/api/notifications/read-all`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'CROSS_ORIGIN_REFUSED',
    );
    expect(
      await ctx.db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(2);
  });
});
