import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema/index';
import { testConfig } from '../../../test/build-test-app';
import { createEvent, createRegistration, createStudent } from '../../../test/factories';
import { memoryMailer } from '../../../test/mail-helpers';
import { openTestDatabase } from '../../../test/test-db';

/** The reminders through the real job queue (pg-boss): scheduled every five minutes, and run at start-up. */
describe('event reminders through the job queue', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  const mailer = memoryMailer();

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sweeps when the portal starts, e-mails the reminder, and is scheduled every five minutes', async () => {
    database = await openTestDatabase();
    const { user } = await createStudent(database.db, { email: 'kavya.nair@iitbhilai.ac.in' });
    const start = new Date(Date.now() + 40 * 60_000);
    const event = await createEvent(database.db, {
      title: 'Astronomy night',
      scheduleStart: start,
      scheduleEnd: new Date(start.getTime() + 2 * 60 * 60_000),
    });
    await createRegistration(database.db, event.id, user.id);

    app = await buildApp({ config: testConfig(), database, webDistDir: null, jobs: true, mailer });
    const reminded = async () =>
      database!.db
        .select({ outcome: notifications.outcome, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'event')));
    const deadline = Date.now() + 15_000;
    while ((await reminded()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reminded()).toEqual([{ outcome: 'reminder_1h', link: `/events/${event.id}` }]);

    const mailed = Date.now() + 15_000;
    while (mailer.sent.length === 0 && Date.now() < mailed)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['kavya.nair@iitbhilai.ac.in', 'Reminder: "Astronomy night" starts in an hour'],
    ]);

    const schedules = rowsOf<{ cron: string }>(
      await database.db.execute(sql`select cron from job_queue.schedule where name = 'event-reminders'`),
    );
    expect(schedules).toEqual([{ cron: '*/5 * * * *' }]);
  });
});
