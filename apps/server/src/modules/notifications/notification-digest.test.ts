import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema/index';
import { smtpMailer, type Mailer } from '../../lib/mailer';
import { serverSecret } from '../../lib/server-secrets';
import { createUser } from '../../../test/factories';
import { startSmtpServer, type TestSmtpServer } from '../../../test/mail-helpers';
import { readMail } from '../../../test/mail-parts';
import { openTestDatabase } from '../../../test/test-db';
import { sendDueDigests, type MailOptions } from './notification-mail.service';
import { unsubscribe } from './unsubscribe.service';

let handle: DatabaseHandle;
let options: MailOptions;
let smtp: TestSmtpServer;
let mailer: Mailer;

/** 12:30 UTC is 18:00 in Asia/Kolkata (UTC+05:30), the default digest hour. */
const AT_18_IST = new Date('2026-11-25T12:30:00Z');
/** 17:00 in Asia/Kolkata. */
const AT_17_IST = new Date('2026-11-25T11:30:00Z');
/** 09:15 in Asia/Kolkata. */
const AT_09_IST = new Date('2026-11-25T03:45:00Z');

beforeAll(async () => {
  handle = await openTestDatabase();
  const secret = await serverSecret(handle.db, 'unsubscribe-links');
  options = {
    publicUrl: 'https://cosa.iitbhilai.ac.in',
    instituteName: 'IIT Bhilai',
    timeZone: 'Asia/Kolkata',
    unsubscribeSecret: secret,
  };
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(notifications);
  smtp = await startSmtpServer();
  mailer = smtpMailer(smtp.url, 'COSA Portal <no-reply@iitbhilai.ac.in>');
  return async () => {
    mailer.close();
    await smtp.close();
  };
});

type NewNotification = typeof notifications.$inferInsert;
async function add(userId: string, values: Partial<NewNotification> = {}) {
  const [row] = await handle.db
    .insert(notifications)
    .values({
      userId,
      kind: 'queue',
      outcome: 'feedback',
      subject: 'Mess food quality',
      link: '/feedback-desk',
      delivery: 'digest',
      ...values,
    })
    .returning();
  return row!;
}
const rowOf = async (id: string) =>
  (await handle.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

describe('sendDueDigests', () => {
  it("sends each person's digest at their hour in the institute's time zone, with only their digest notifications, newest first", async () => {
    const gensec = await createUser(handle.db, {
      email: 'gensec.digest@iitbhilai.ac.in',
      role: 'GENSEC_SCITECH',
    });
    const president = await createUser(handle.db, {
      email: 'president.digest@iitbhilai.ac.in',
      role: 'PRESIDENT',
    });
    await handle.db
      .insert(notificationSettings)
      .values({ userId: president.id, deliveries: {}, digestHour: 9 });
    const older = await add(gensec.id, { itemCount: 4, createdAt: new Date('2026-11-25T05:00:00Z') });
    const newer = await add(gensec.id, {
      outcome: 'achievements',
      subject: 'Hackathon',
      link: '/verify-achievements',
      itemCount: 1,
      createdAt: new Date('2026-11-25T09:00:00Z'),
    });
    const instant = await add(gensec.id, {
      kind: 'booking',
      outcome: 'approved',
      subject: 'Lecture Hall 1',
      delivery: 'instant',
    });
    const forPresident = await add(president.id, {
      outcome: 'bookings',
      subject: 'Seminar Room 2',
      link: '/room-requests',
      itemCount: 2,
    });

    expect((await sendDueDigests(handle.db, mailer, options, AT_17_IST)).sent).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    expect((await sendDueDigests(handle.db, mailer, options, AT_18_IST)).sent).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const digest = readMail(smtp.messages[0]!);
    expect(digest.header('To')).toBe('gensec.digest@iitbhilai.ac.in');
    expect(digest.header('Subject')).toBe('Your daily digest: 2 new notifications');
    expect(digest.text).toContain('4 new feedback items to review (25 Nov 2026, 10:30)');
    expect(digest.text).toContain('1 new achievement to review (25 Nov 2026, 14:30)');
    expect(digest.text.indexOf('1 new achievement to review')).toBeLessThan(
      digest.text.indexOf('4 new feedback items to review'),
    );
    expect(digest.text).toContain('https://cosa.iitbhilai.ac.in/verify-achievements');
    expect(digest.text).not.toContain('Lecture Hall 1');
    expect(digest.html).toContain('<a href="https://cosa.iitbhilai.ac.in/feedback-desk">');
    expect(digest.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect((await rowOf(older.id)).emailedAt).not.toBeNull();
    expect((await rowOf(newer.id)).emailedAt).not.toBeNull();
    expect((await rowOf(instant.id)).emailedAt).toBeNull();
    expect((await rowOf(forPresident.id)).emailedAt).toBeNull();

    // Nothing left for 18:00; the president's comes at 09:00.
    expect((await sendDueDigests(handle.db, mailer, options, AT_18_IST)).sent).toBe(0);
    expect((await sendDueDigests(handle.db, mailer, options, AT_09_IST)).sent).toBe(1);
    const second = readMail(smtp.messages[1]!);
    expect(second.header('To')).toBe('president.digest@iitbhilai.ac.in');
    expect(second.header('Subject')).toBe('Your daily digest: 1 new notification');
    expect(second.text).toContain('2 new room requests to review');
    expect(smtp.messages).toHaveLength(2);
  });

  it('lists the newest 50 and counts the rest, and marks all of them as e-mailed', async () => {
    const official = await createUser(handle.db, {
      email: 'many.digest@iitbhilai.ac.in',
      role: 'PRESIDENT',
    });
    const start = Date.parse('2026-11-24T00:00:00Z');
    await handle.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, index) => ({
        userId: official.id,
        kind: 'announcement' as const,
        subject: `Notice number ${index + 1}.`,
        link: '/home',
        delivery: 'digest' as const,
        createdAt: new Date(start + index * 60_000),
      })),
    );

    expect((await sendDueDigests(handle.db, mailer, options, AT_18_IST)).sent).toBe(1);

    const digest = readMail(await smtp.waitForMessage(1));
    expect(digest.header('Subject')).toBe('Your daily digest: 55 new notifications');
    expect(digest.text).toContain('Announcement: Notice number 55.');
    expect(digest.text).toContain('Announcement: Notice number 6.');
    expect(digest.text).not.toContain('Announcement: Notice number 5.');
    expect(digest.text).toContain('And 5 more in the portal.');
    // The one-click link of a digest about announcements stops the announcement e-mails.
    const token = /unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(digest.text)![1]!;
    expect(await unsubscribe(handle.db, options.unsubscribeSecret, token)).toEqual({
      kind: 'announcement',
      email: 'm•••@iitbhilai.ac.in',
    });
    const owed = await handle.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, official.id));
    expect(owed.filter((row) => row.emailedAt === null)).toHaveLength(0);
  });

  it('sends nothing to people with nothing owed', async () => {
    const official = await createUser(handle.db, {
      email: 'none.digest@iitbhilai.ac.in',
      role: 'PRESIDENT',
    });
    await add(official.id, { emailedAt: new Date('2026-11-24T12:30:00Z') });
    await add(official.id, { delivery: 'app' });

    expect((await sendDueDigests(handle.db, mailer, options, AT_18_IST)).sent).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });
});
