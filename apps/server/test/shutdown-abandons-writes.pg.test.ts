import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { feedback } from '../src/db/schema/index';
import { FACTORY_PASSWORD, createOrgUnit, createStudent } from './factories';
import { signInOver, spawnServerAt, type ServerAt } from './spawn-server';
import { copyTemplateOnServer } from './test-db';

/**
 * A write still waiting when the grace period after SIGTERM runs out is abandoned: the client's
 * connection is cut, the process ends at once, and the database rolls the write back, so a
 * client told it failed never finds it done. This file runs only with DATABASE_URL: the write is
 * held back by a lock taken from another connection.
 */
describe('a write still running when the grace period after SIGTERM ends', () => {
  let copy: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let database: DatabaseHandle;
  let server: ServerAt;

  beforeAll(async () => {
    copy = await copyTemplateOnServer(process.env.DATABASE_URL!, inject('postgresTemplate')!);
    server = await spawnServerAt(
      { DATABASE_URL: copy.url, SEED_DEMO: 'never', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_SECONDS: '2' },
      'COSA Portal is running at',
    );
    database = await openPostgres(copy.url, { max: 2 });
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await database?.close();
    await copy?.drop();
  });

  it('is rolled back, and the process exits with 1 soon after the grace period', async () => {
    const { user } = await createStudent(database.db);
    const club = await createOrgUnit(database.db);
    const { status, cookie } = await signInOver(server.url, user.email, FACTORY_PASSWORD);
    expect(status).toBe(200);

    // Another connection holds every feedback tally row, so the submission waits inside its transaction.
    const holder = new pg.Client({ connectionString: copy.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(
      "INSERT INTO tallies (key, n) VALUES ('feedback.Suggestion.unresolved', 0) ON CONFLICT DO NOTHING",
    );
    await holder.query("SELECT key FROM tallies WHERE key LIKE 'feedback.%' FOR UPDATE");
    try {
      const submitted = fetch(`${server.url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({
          type: 'Suggestion',
          targetType: 'Club/Organization',
          targetId: club.id,
          rating: 4,
          comments: 'Abandoned at shutdown.',
        }),
      }).then(
        (response) => `answered ${response.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      const code = await server.stop();
      const took = Date.now() - started;
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1900);
      expect(took).toBeLessThan(6000);
      expect(await submitted).toBe('UND_ERR_SOCKET');
      // The database notices within a second that the statement's client has gone.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [kept] = await database.db
      .select({ n: count() })
      .from(feedback)
      .where(eq(feedback.comments, 'Abandoned at shutdown.'));
    expect(kept!.n).toBe(0);
    expect(server.output).toContain(
      'requests still running after the grace period: stopping without them',
    );
  }, 60_000);
});
