import { sql } from 'drizzle-orm';
import EarlierPgBoss from 'pg-boss-10';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { smtpMailer } from '../src/lib/mailer';
import { notifyPerson } from '../src/modules/notifications/notify.service';
import { testConfig } from './build-test-app';
import { createStudent } from './factories';
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from './mail-helpers';
import { openTestDatabase } from './test-db';

/**
 * A database made by the portal's earlier version, whose job queue was pg-boss 10 in the schema
 * "pgboss". pg-boss 12 cannot upgrade those tables: the portal installs its queue afresh in
 * "job_queue", leaves the old one to processes of the earlier version still running, removes it once
 * none has worked it for five minutes, and still sends the e-mail that was owed.
 */
describe('a database whose job queue an earlier version made (pg-boss 10)', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  let smtp: TestSmtpServer | undefined;

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await database?.close();
  });

  const present = async (table: string) =>
    rowsOf<{ present: boolean }>(
      await database!.db.execute(sql`select to_regclass(${table}) is not null as present`),
    )[0]!.present;

  it('keeps the old queue while a process of the earlier version works it, then removes it, and the owed e-mail goes out', async () => {
    database = await openTestDatabase();
    const student = (await createStudent(database.db, { email: 'kavya.menon@iitbhilai.ac.in' })).user;
    // The earlier version decided, and owes an e-mail for it.
    await database.db.transaction((tx) =>
      notifyPerson(tx, student.id, {
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Smart India Hackathon finalist',
        link: '/view-achievements',
      }),
    );
    // Its database has no "job_queue", only pg-boss 10's tables, its queues and a run waiting in them.
    await database.db.execute(sql`drop schema job_queue cascade`);
    const earlierDb = {
      executeSql: (text: string, values?: unknown[]) => database!.jobDb.executeSql(text, values),
    };
    await earlierDb.executeSql(EarlierPgBoss.getConstructionPlans('pgboss'));
    const earlier = new EarlierPgBoss({ db: earlierDb, schema: 'pgboss' });
    await earlier.createQueue('notification-mail', { name: 'notification-mail', policy: 'stately' });
    await earlier.createQueue('notification-digest', { name: 'notification-digest', policy: 'stately' });
    expect(await earlier.send('notification-mail', {})).not.toBeNull();

    // A process of the earlier version still runs (its clock moved a moment ago): its queue stays.
    await database.db.execute(sql`update pgboss.version set cron_on = now() - interval '40 seconds'`);
    await database.migrate();
    expect(await present('pgboss.job')).toBe(true);
    expect(await present('job_queue.job')).toBe(true);

    // None has run for ten minutes: the next start removes it.
    await database.db.execute(sql`update pgboss.version set cron_on = now() - interval '10 minutes'`);
    await database.migrate();
    expect(await present('pgboss.version')).toBe(false);
    expect(await present('job_queue.job')).toBe(true);

    // The portal starts with its new queue; the e-mail owed before the upgrade leaves at once.
    smtp = await startSmtpServer();
    app = await buildApp({
      config: testConfig(),
      database,
      webDistDir: null,
      jobs: true,
      mailer: smtpMailer(smtp.url, 'COSA Portal <cosa@iitbhilai.ac.in>'),
    });
    const raw = await smtp.waitForMessage(1, 15_000);
    expect(raw).toMatch(/^To: kavya\.menon@iitbhilai\.ac\.in$/m);
    expect(decodeQuotedPrintable(raw)).toContain(
      'Your achievement "Smart India Hackathon finalist" was verified',
    );
  }, 60_000);
});
