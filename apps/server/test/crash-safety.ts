import { expect } from 'vitest';
import { freePort, signInOver, spawnServerAt, type ServerAt } from './spawn-server';

const PRESIDENT = { email: 'president@iitbhilai.ac.in', password: 'CosaDemo@2026' };

async function start(env: Record<string, string>, port: number): Promise<ServerAt> {
  const server = await spawnServerAt(
    { ...env, SEED_DEMO: 'always' },
    'Password for every demo account',
    port,
  );
  expect(server.output, server.output).toContain(`COSA Portal is running at ${server.url}`);
  return server;
}

/** What the stream of writes saw: the ids the server acknowledged (201) and how many were sent. */
export type WriteStream = { acknowledged: { id: string; title: string }[]; sent: number };

/**
 * Starts the real server on `env`, has the president create positions of a club from four clients
 * at once, kills the server with SIGKILL once `acknowledgedBeforeKill` creations were acknowledged,
 * starts it again on the same database and hands the second server to `check`.
 */
export async function crashDuringWrites(
  env: Record<string, string>,
  check: (server: { url: string; cookie: string }, stream: WriteStream) => Promise<void>,
  acknowledgedBeforeKill = 40,
): Promise<void> {
  const port = await freePort();
  const first = await start(env, port);
  let second: ServerAt | null = null;
  try {
    const { status, cookie } = await signInOver(first.url, PRESIDENT.email, PRESIDENT.password);
    expect(status).toBe(200);
    const units = (await (
      await fetch(`${first.url}/api/positions`, { headers: { cookie } })
    ).json()) as { departments: { id: string; name: string }[] };
    // A club of the demo: the positions of a council (council offices) are the administrator's.
    const club = units.departments.find((unit) => unit.name === 'Coding Club');
    if (!club) throw new Error(`no Coding Club among ${JSON.stringify(units.departments)}`);
    const unitId = club.id;

    const stream: WriteStream = { acknowledged: [], sent: 0 };
    let killed: Promise<void> | null = null;
    const writer = async (client: number) => {
      for (let index = 0; ; index += 1) {
        const title = `Crash Steward ${client}-${index}`;
        stream.sent += 1;
        let response: Response;
        try {
          response = await fetch(`${first.url}/api/positions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: first.url, cookie },
            body: JSON.stringify({
              title,
              unitId,
              positionType: 'Coordinator',
              positionCount: 2,
              responsibilities: ['Keep the records'],
            }),
          });
        } catch {
          return; // the server is gone
        }
        if (response.status !== 201)
          throw new Error(`a creation answered ${response.status}: ${await response.text()}`);
        const { position } = (await response.json()) as { position: { id: string; title: string } };
        stream.acknowledged.push({ id: position.id, title: position.title });
        if (stream.acknowledged.length >= acknowledgedBeforeKill) killed ??= first.kill();
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    await killed;

    second = await start(env, port);
    await check({ url: second.url, cookie }, stream);
  } finally {
    await first.kill();
    await second?.stop();
  }
}

async function getJson<T>(url: string, cookie: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * After the restart: the session made before the crash still works, every acknowledged position
 * is there as it was acknowledged, nothing is there twice, and each position that exists has the
 * activity entry written in its transaction (a creation is all there or not at all).
 */
export async function expectAcknowledgedWritesKept(
  server: { url: string; cookie: string },
  stream: WriteStream,
): Promise<void> {
  expect(stream.acknowledged.length).toBeGreaterThanOrEqual(40);
  for (const { id, title } of stream.acknowledged) {
    const { status, body } = await getJson<{ position: { title: string } }>(
      `${server.url}/api/positions/${id}`,
      server.cookie,
    );
    expect(status, title).toBe(200);
    expect(body.position.title).toBe(title);
  }
  const titles: string[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await getJson<{ items: { title: string }[]; total: number }>(
      `${server.url}/api/positions?q=Crash%20Steward&pageSize=50&page=${page}`,
      server.cookie,
    );
    titles.push(...body.items.map((item) => item.title));
    if (titles.length >= body.total || body.items.length === 0) break;
  }
  expect(new Set(titles).size).toBe(titles.length);
  expect(titles.length).toBeGreaterThanOrEqual(stream.acknowledged.length);
  expect(titles.length).toBeLessThanOrEqual(stream.sent);
  const logged: string[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await getJson<{ items: { description: string }[]; total: number }>(
      `${server.url}/api/activities?pageSize=100&page=${page}`,
      server.cookie,
    );
    logged.push(...body.items.map((item) => item.description));
    if (body.items.length === 0 || page * 100 >= body.total) break;
  }
  expect(logged.filter((line) => line.startsWith('New position: Crash Steward')).sort()).toEqual(
    titles.map((title) => `New position: ${title}`).sort(),
  );
}
