import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { notifications } from '../src/db/schema/index';
import { smtpMailer, type Mailer } from '../src/lib/mailer';
import { serverSecret } from '../src/lib/server-secrets';
import type { MailOptions } from '../src/modules/notifications/notification-mail.service';
import { startSmtpServer, type TestSmtpServer } from './mail-helpers';
import { readMail } from './mail-parts';
import { openTestDatabase } from './test-db';

/** A database of its own for the mail queue tests, and the mail options of the institute. */
async function openMailQueue(): Promise<{ handle: DatabaseHandle; options: MailOptions }> {
  const handle = await openTestDatabase();
  const secret = await serverSecret(handle.db, 'unsubscribe-links');
  const options = {
    publicUrl: 'https://cosa.iitbhilai.ac.in',
    instituteName: 'IIT Bhilai',
    timeZone: 'Asia/Kolkata',
    unsubscribeSecret: secret,
  };
  return { handle, options };
}

export const MAIL_FROM = 'COSA Portal <no-reply@iitbhilai.ac.in>';

type MailQueueContext = {
  handle: DatabaseHandle;
  db: Database;
  options: MailOptions;
  /** This test's SMTP server and a mailer sending to it; a test may close and replace both. */
  smtp: TestSmtpServer;
  mailer: Mailer;
  /** The e-mails the SMTP server received for one address, oldest first. */
  mailTo(address: string): ReturnType<typeof readMail>[];
};

/**
 * A mail queue test file's set-up: its own database, and before each test no notifications and a
 * fresh SMTP server and mailer, closed after it. Read the fields at call time, once the hooks ran.
 */
export function useMailQueue(): MailQueueContext {
  const context = {
    mailTo: (address: string) =>
      context.smtp.messages.map(readMail).filter((mail) => mail.header('To') === address),
  } as MailQueueContext;
  beforeAll(async () => {
    const { handle, options } = await openMailQueue();
    Object.assign(context, { handle, db: handle.db, options });
  });
  afterAll(async () => {
    await context.handle?.close();
  });
  beforeEach(async () => {
    await context.db.delete(notifications);
    context.smtp = await startSmtpServer();
    context.mailer = smtpMailer(context.smtp.url, MAIL_FROM);
    return async () => {
      context.mailer.close();
      await context.smtp.close();
    };
  });
  return context;
}

type NewNotification = typeof notifications.$inferInsert;

/** Notifications written straight into the queue, and the queue's clock moved by hand; db is read at call time. */
export function mailQueueOf(db: () => Database) {
  async function add(userId: string, values: Partial<NewNotification> = {}) {
    const [row] = await db()
      .insert(notifications)
      .values({
        userId,
        kind: 'achievement',
        outcome: 'verified',
        subject: 'Inter-IIT Tech Meet gold',
        link: '/view-achievements',
        delivery: 'instant',
        ...values,
      })
      .returning();
    return row!;
  }
  const rowOf = async (id: string) =>
    (await db().select().from(notifications).where(eq(notifications.id, id)))[0]!;
  /** Seconds until the notification's e-mail may be tried (0 when it may be now). */
  async function waitOf(id: string): Promise<number> {
    const [row] = rowsOf<{ wait: number }>(
      await db().execute(
        sql`select coalesce(extract(epoch from mail_after - now()), 0)::float8 as wait from notifications where id = ${id}::uuid`,
      ),
    );
    return row!.wait;
  }
  /** As if `span` went by: every wait and every e-mail's time moves that far back. */
  async function passTime(span: string): Promise<void> {
    await db().execute(
      sql`update notifications set mail_after = mail_after - ${span}::interval, emailed_at = emailed_at - ${span}::interval`,
    );
  }
  return { add, rowOf, waitOf, passTime };
}
