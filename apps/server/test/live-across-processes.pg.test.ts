import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { notifyPerson } from '../src/modules/notifications/notify.service';
import { openUnreadStream } from './event-stream';
import { FACTORY_PASSWORD, createAchievement, createStudent, createUser } from './factories';
import { signInOver, spawnServerAt, type ServerAt } from './spawn-server';
import { copyTemplateOnServer } from './test-db';

/**
 * The live unread count across two real server processes on one PostgreSQL database: a change made
 * through one process reaches a tab connected to the other (LISTEN/NOTIFY). Runs only with DATABASE_URL.
 */
describe('the live count across two server processes', () => {
  let copy: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let database: DatabaseHandle;
  const servers: ServerAt[] = [];

  beforeAll(async () => {
    copy = await copyTemplateOnServer(process.env.DATABASE_URL!, inject('postgresTemplate'));
    servers.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          spawnServerAt(
            { DATABASE_URL: copy.url, SEED_DEMO: 'never', LOG_LEVEL: 'error' },
            'COSA Portal is running at',
          ),
        ),
      )),
    );
    database = await openPostgres(copy.url, { max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.close();
    await copy?.drop();
  });

  it('shows a student, within two seconds, on one process, the verification an official made on the other', async () => {
    const [first, second] = servers as [ServerAt, ServerAt];
    const student = (await createStudent(database.db)).user;
    const official = await createUser(database.db, { role: 'GENSEC_SCITECH' });
    const achievement = await createAchievement(database.db, {
      userId: student.id,
      title: 'Smart India Hackathon finalist',
      type: 'technical',
    });

    const studentLogin = await signInOver(first.url, student.email, FACTORY_PASSWORD);
    const stream = await openUnreadStream(first.url, studentLogin.cookie);
    try {
      expect(await stream.waitFor((n) => n === 0)).toBe(0);
      const officialLogin = await signInOver(second.url, official.email, FACTORY_PASSWORD);
      const verified = await fetch(
        `${second.url}/api/endorsements/achievements/${achievement.id}/verify`,
        {
          method: 'POST',
          headers: { origin: second.url, cookie: officialLogin.cookie },
        },
      );
      expect(verified.status).toBe(200);
      expect(await stream.waitFor((n) => n === 1, { timeoutMs: 2000 })).toBe(1);

      // Marked read through the other process: the count falls here too.
      const read = await fetch(`${second.url}/api/notifications/read-all`, {
        method: 'POST',
        headers: { origin: second.url, cookie: studentLogin.cookie },
      });
      expect(read.status).toBe(200);
      await stream.waitFor((n) => n === 0, { from: 1 });
      const list = await fetch(`${second.url}/api/notifications`, {
        headers: { cookie: studentLogin.cookie },
      });
      expect(((await list.json()) as { items: unknown[] }).items[0]).toMatchObject({
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Smart India Hackathon finalist',
      });
    } finally {
      stream.close();
    }
  });

  it('tells open tabs the count again once a lost database connection is back: what was sent meanwhile is not missed', async () => {
    const [first] = servers as [ServerAt, ServerAt];
    const student = (await createStudent(database.db)).user;
    const login = await signInOver(first.url, student.email, FACTORY_PASSWORD);
    const stream = await openUnreadStream(first.url, login.cookie);
    try {
      expect(await stream.waitFor((n) => n === 0)).toBe(0);
      // Every process's listening connection is cut; the decision is made before they connect again (a second later).
      const cut = rowsOf<{ cut: boolean }>(
        await database.db.execute(
          sql`select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`,
        ),
      );
      expect(cut.length).toBeGreaterThanOrEqual(2);
      await database.db.transaction((tx) =>
        notifyPerson(tx, student.id, {
          kind: 'skill',
          outcome: 'endorsed',
          subject: 'Embedded C',
          link: '/skills',
        }),
      );
      expect(await stream.waitFor((n) => n === 1, { timeoutMs: 5000 })).toBe(1);
    } finally {
      stream.close();
    }
  });
});
