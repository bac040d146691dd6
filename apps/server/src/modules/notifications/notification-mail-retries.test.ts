import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { notificationSettings, notifications } from '../../db/schema/index';
import { smtpMailer, type Mailer } from '../../lib/mailer';
import { createUser } from '../../../test/factories';
import { startSmtpServer } from '../../../test/mail-helpers';
import { readMail } from '../../../test/mail-parts';
import { MAIL_FROM, mailQueueOf, useMailQueue } from '../../../test/mail-queue';
import { deliverDueMail } from './notification-mail.service';
import { notifyPerson, notifyQueue } from './notify.service';

const mailing = useMailQueue();
const { add, rowOf, waitOf, passTime } = mailQueueOf(() => mailing.db);

describe('deliverDueMail', () => {
  it('when SMTP is down marks nothing and waits before trying again, however many runs come meanwhile; once back sends each e-mail once', async () => {
    const asha = await createUser(mailing.db, { email: 'asha.down@iitbhilai.ac.in' });
    const ravi = await createUser(mailing.db, { email: 'ravi.down@iitbhilai.ac.in' });
    const rows = [
      await add(asha.id),
      await add(asha.id, { subject: 'Hackathon runner-up' }),
      await add(ravi.id),
    ];
    mailing.mailer.close();
    await mailing.smtp.close();
    // Nothing listens on the closed server's port any more: every connection is refused.
    const down = smtpMailer(mailing.smtp.url, MAIL_FROM);

    expect(await deliverDueMail(mailing.db, down, mailing.options)).toMatchObject({
      sent: 0,
      failed: 2,
      givenUp: 0,
    });
    for (const row of rows)
      expect(await rowOf(row.id)).toMatchObject({ emailedAt: null, mailAttempts: 1 });
    expect(await waitOf(rows[0]!.id)).toBeGreaterThan(50);
    expect(await waitOf(rows[0]!.id)).toBeLessThanOrEqual(60);
    // A busy portal queues a run with every notification: runs before the wait is over try nothing, and count nothing.
    for (let run = 0; run < 10; run += 1)
      expect(await deliverDueMail(mailing.db, down, mailing.options)).toMatchObject({
        sent: 0,
        failed: 0,
      });
    for (const row of rows) expect(await rowOf(row.id)).toMatchObject({ mailAttempts: 1 });

    mailing.smtp = await startSmtpServer();
    mailing.mailer = smtpMailer(mailing.smtp.url, MAIL_FROM);
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 0,
      failed: 0,
    });
    await passTime('1 minute');
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 2,
      failed: 0,
    });
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 0,
      failed: 0,
    });
    expect(mailing.smtp.messages).toHaveLength(2);
    expect(mailing.mailTo('asha.down@iitbhilai.ac.in').map((mail) => mail.header('Subject'))).toEqual([
      '2 new notifications',
    ]);
    for (const row of rows) expect((await rowOf(row.id)).emailedAt).not.toBeNull();
  });

  it('waits twice as long after each failed send, at most six hours', async () => {
    const asha = await createUser(mailing.db, { email: 'asha.wait@iitbhilai.ac.in' });
    const ravi = await createUser(mailing.db, { email: 'ravi.wait@iitbhilai.ac.in' });
    const fourth = await add(asha.id, { mailAttempts: 3 });
    const late = await add(ravi.id, { mailAttempts: 12 });
    mailing.mailer.close();
    await mailing.smtp.close();

    expect(
      await deliverDueMail(mailing.db, smtpMailer(mailing.smtp.url, MAIL_FROM), mailing.options),
    ).toMatchObject({
      failed: 2,
      givenUp: 0,
    });
    // 1, 2, 4, then 8 minutes; the 13th failure would wait 4,096 minutes, and waits 6 hours.
    expect(await waitOf(fourth.id)).toBeGreaterThan(8 * 60 - 10);
    expect(await waitOf(fourth.id)).toBeLessThanOrEqual(8 * 60);
    expect(await waitOf(late.id)).toBeGreaterThan(6 * 3600 - 10);
    expect(await waitOf(late.id)).toBeLessThanOrEqual(6 * 3600);
    mailing.smtp = await startSmtpServer();
    mailing.mailer = smtpMailer(mailing.smtp.url, MAIL_FROM);
  });

  it('goes on with the others when one address is refused, and gives up on a notification after 20 failed sends', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === 'bounce@iitbhilai.ac.in')
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        else callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingMailer = smtpMailer(
      `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`,
      MAIL_FROM,
    );
    try {
      const bounce = await createUser(mailing.db, { email: 'bounce@iitbhilai.ac.in' });
      const fine = await createUser(mailing.db, { email: 'fine@iitbhilai.ac.in' });
      const bounced = await add(bounce.id, { mailAttempts: 18 });
      const delivered = await add(fine.id);

      expect(await deliverDueMail(mailing.db, refusingMailer, mailing.options)).toMatchObject({
        sent: 1,
        failed: 1,
        givenUp: 0,
      });
      expect(await rowOf(bounced.id)).toMatchObject({ emailedAt: null, mailAttempts: 19 });
      expect((await rowOf(delivered.id)).emailedAt).not.toBeNull();

      await passTime('6 hours');
      expect(await deliverDueMail(mailing.db, refusingMailer, mailing.options)).toMatchObject({
        sent: 0,
        failed: 1,
        givenUp: 1,
      });
      expect(await rowOf(bounced.id)).toMatchObject({ emailedAt: null, mailAttempts: 20 });
      // Given up: no later run tries it again.
      await passTime('6 hours');
      expect(await deliverDueMail(mailing.db, refusingMailer, mailing.options)).toMatchObject({
        sent: 0,
        failed: 0,
      });
    } finally {
      refusingMailer.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('leaves what arrives while the e-mail goes out for the next run, a queue whose count rose included', async () => {
    const official = await createUser(mailing.db, { email: 'gensec@iitbhilai.ac.in' });
    const first = await add(official.id, { createdAt: new Date(Date.now() - 60_000) });
    const queue = await add(official.id, {
      kind: 'queue',
      outcome: 'feedback',
      subject: 'Mess food quality',
      link: '/feedback-desk',
      groupKey: 'queue:feedback',
      itemCount: 2,
      createdAt: new Date(Date.now() - 30_000),
    });
    const recipient = sql`select ${official.id}::uuid as user_id`;
    let arrived = false;
    const arriving: Mailer = {
      async send(message) {
        if (!arrived) {
          arrived = true;
          await mailing.db.transaction(async (tx) => {
            await notifyPerson(tx, official.id, {
              kind: 'booking',
              outcome: 'approved',
              subject: 'Seminar Room 2',
              link: '/room-booking',
            });
            await notifyQueue(tx, recipient, 'feedback', 'Hostel wifi', '/feedback-desk');
          });
        }
        await mailing.mailer.send(message);
      },
      close: () => mailing.mailer.close(),
    };

    expect(await deliverDueMail(mailing.db, arriving, mailing.options)).toMatchObject({
      sent: 1,
      failed: 0,
    });
    expect(readMail(await mailing.smtp.waitForMessage(1)).text).toContain(
      '2 new feedback items to review',
    );
    expect((await rowOf(first.id)).emailedAt).not.toBeNull();
    expect(await rowOf(queue.id)).toMatchObject({ emailedAt: null, itemCount: 3 });
    const [later] = await mailing.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'booking'));
    expect(later!.emailedAt).toBeNull();

    // The booking goes at once; the queue's next e-mail waits an hour after its last.
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 1,
      failed: 0,
    });
    const second = readMail(await mailing.smtp.waitForMessage(2));
    expect(second.text).toContain('Your booking of Seminar Room 2 was approved');
    expect(second.text).not.toContain('feedback items');
    expect(second.text).not.toContain('Inter-IIT Tech Meet gold');
    expect(await waitOf(queue.id)).toBeGreaterThan(3600 - 10);

    await passTime('1 hour');
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 1,
      failed: 0,
    });
    const third = readMail(await mailing.smtp.waitForMessage(3));
    expect(third.text).toContain('3 new feedback items to review');
    expect(third.text).not.toContain('Seminar Room 2');
  });

  it("mails a queue's items that arrived within the hour after its e-mail once the hour is over, with no further item to set it off", async () => {
    const official = await createUser(mailing.db, { email: 'gensec.sports@iitbhilai.ac.in' });
    const recipient = sql`select ${official.id}::uuid as user_id`;
    const arrive = (subject: string) =>
      mailing.db.transaction((tx) =>
        notifyQueue(tx, recipient, 'achievements', subject, '/gensec-endorse?tab=achievements'),
      );
    await mailing.db
      .insert(notificationSettings)
      .values({ userId: official.id, deliveries: { queue: 'instant' }, digestHour: 18 });

    await arrive('State athletics gold');
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({ sent: 1 });
    expect(readMail(await mailing.smtp.waitForMessage(1)).text).toContain('1 new achievement to review');
    await arrive('Inter-IIT football');
    await arrive('Chess open');
    await arrive('Marathon finish');
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({ sent: 0 });

    await passTime('1 hour');
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({ sent: 1 });
    expect(readMail(await mailing.smtp.waitForMessage(2)).text).toContain(
      '4 new achievements to review',
    );
    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({ sent: 0 });
    expect(mailing.smtp.messages).toHaveLength(2);
  });

  it('reads a backlog in batches and still sends each person one e-mail', async () => {
    const people = await Promise.all(
      Array.from({ length: 205 }, (_, index) =>
        createUser(mailing.db, { email: `backlog${index}@iitbhilai.ac.in` }),
      ),
    );
    await mailing.db.insert(notifications).values(
      people.flatMap((person) =>
        [0, 1].map((n) => ({
          userId: person.id,
          kind: 'skill' as const,
          outcome: 'endorsed',
          subject: `Skill ${n}`,
          link: '/skills',
          delivery: 'instant' as const,
        })),
      ),
    );

    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 205,
      failed: 0,
    });
    expect(mailing.smtp.messages).toHaveLength(205);
    expect(new Set(mailing.smtp.messages.map((raw) => readMail(raw).header('To'))).size).toBe(205);
    const [owed] = await mailing.db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(sql`${notifications.emailedAt} is null`);
    expect(owed!.count).toBe(0);
  });
});
