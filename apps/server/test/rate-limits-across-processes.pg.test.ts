import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { FACTORY_PASSWORD, createUser } from './factories';
import { spawnServerAt, type ServerAt } from './spawn-server';
import { copyTemplateOnServer } from './test-db';

/**
 * Two real server processes on one PostgreSQL database share their sign-in counts. This file runs
 * only with DATABASE_URL (see vitest.config.ts): an embedded database belongs to one process.
 */
describe('sign-in limits across two server processes on one PostgreSQL server', () => {
  let copy: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let database: DatabaseHandle;
  const servers: ServerAt[] = [];

  beforeAll(async () => {
    copy = await copyTemplateOnServer(process.env.DATABASE_URL!, inject('postgresTemplate'));
    database = await openPostgres(copy.url, { max: 2 });
    for (let index = 0; index < 2; index += 1) {
      const server = await spawnServerAt(
        { DATABASE_URL: copy.url, SEED_DEMO: 'never' },
        'COSA Portal is running at',
      );
      expect(server.output).toContain(`COSA Portal is running at ${server.url}`);
      servers.push(server);
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.close();
    await copy?.drop();
  });

  it('lets 5 of 100 simultaneous sign-ins to one account through, spread over both processes, the right password last', async () => {
    const user = await createUser(database.db);
    const attempts = Array.from({ length: 100 }, (_, index) =>
      index === 99 ? FACTORY_PASSWORD : `Wrong#guess${index}`,
    );
    const statuses = await Promise.all(
      attempts.map(async (password, index) => {
        const server = servers[index % 2]!;
        const response = await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ email: user.email, password }),
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(95);
    expect(statuses.filter((status) => status === 401 || status === 200)).toHaveLength(5);
    for (const server of servers) {
      const again = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: user.email, password: FACTORY_PASSWORD }),
      });
      expect(again.status).toBe(429);
    }
  }, 120_000);
});
