import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { JOB_QUEUES, JOB_SCHEMA } from '../src/db/job-queue';
import { rowsOf } from '../src/db/rows';
import { notifications } from '../src/db/schema/index';
import { smtpMailer } from '../src/lib/mailer';
import { notifyPerson } from '../src/modules/notifications/notify.service';
import { testConfig } from './build-test-app';
import { createStudent } from './factories';
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from './mail-helpers';
import { freePort } from './spawn-server';
import { openTestDatabase } from './test-db';

/**
 * The notification e-mail through the real job queue (pg-boss) and a real SMTP server on
 * loopback: nothing is lost while the mail server is down, and a restart sends what was owed.
 */
describe('notification e-mail through the queue', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  let smtp: TestSmtpServer | undefined;

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await database?.close();
  });

  const start = (port: number) =>
    buildApp({
      config: testConfig(),
      database: database!,
      webDistDir: null,
      jobs: true,
      mailer: smtpMailer(`smtp://127.0.0.1:${port}`, 'COSA Portal <cosa@iitbhilai.ac.in>'),
    });

  it('keeps the mail while the SMTP server is down, sends it once it is back, and sends after a restart what was owed', async () => {
    database = await openTestDatabase();
    const student = (await createStudent(database.db, { email: 'meera.iyer@iitbhilai.ac.in' })).user;
    const port = await freePort();
    app = await start(port);

    // Nothing listens on the port: the run fails and the notification stays owed.
    await database.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Inter-IIT Tech Meet gold',
        link: '/view-achievements',
      }),
    );
    const owed = async () =>
      (await database!.db.select().from(notifications).where(eq(notifications.userId, student.id)))[0]!;
    const deadline = Date.now() + 10_000;
    while ((await owed()).mailAttempts === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await owed()).toMatchObject({ mailAttempts: 1, emailedAt: null });

    // It waits a minute before the next try, however many runs come meanwhile.
    const wait = rowsOf<{ seconds: number }>(
      await database.db.execute(
        sql`select extract(epoch from mail_after - now())::float8 as seconds from notifications where user_id = ${student.id}::uuid`,
      ),
    );
    expect(wait[0]!.seconds).toBeGreaterThan(45);
    // The queue runs the sender every minute, whatever else happens.
    const schedules = rowsOf<{ cron: string }>(
      await database.db.execute(
        sql.raw(
          `select cron from ${JOB_SCHEMA}.schedule where name = '${JOB_QUEUES.notificationMail.name}'`,
        ),
      ),
    );
    expect(schedules).toEqual([{ cron: '* * * * *' }]);

    // The mail server comes back at the same address; the minute is over (moved back, not waited for) and that minute's run delivers it.
    smtp = await startSmtpServer(port);
    await database.db.execute(
      sql`update notifications set mail_after = now() - interval '1 second' where user_id = ${student.id}::uuid`,
    );
    await new PgBoss({ db: database.jobDb, schema: JOB_SCHEMA, backend: database.kind }).send(
      JOB_QUEUES.notificationMail.name,
      {},
    );
    const raw = await smtp.waitForMessage(1, 30_000);
    expect(raw).toMatch(/^To: meera\.iyer@iitbhilai\.ac\.in$/m);
    expect(decodeQuotedPrintable(raw)).toContain(
      'Your achievement "Inter-IIT Tech Meet gold" was verified',
    );
    // The row is marked once the server has taken the message, a moment after the message arrives here.
    const marked = Date.now() + 5_000;
    while ((await owed()).emailedAt === null && Date.now() < marked)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await owed()).emailedAt).not.toBeNull();

    // The portal stops; a decision made meanwhile (by another process) is owed a mail; the portal starts again.
    await app.close();
    app = undefined;
    await database.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'skill',
        outcome: 'endorsed',
        subject: 'Embedded C',
        link: '/skills',
      }),
    );
    app = await start(port);
    const second = await smtp.waitForMessage(2, 10_000);
    expect(decodeQuotedPrintable(second)).toContain('Your skill "Embedded C" was endorsed');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages).toHaveLength(2);
  }, 120_000);
});
