import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { smtpMailer, type Mailer } from '../../lib/mailer';
import { createUser } from '../../../test/factories';
import { startSmtpServer, type TestSmtpServer } from '../../../test/mail-helpers';
import { readMail } from '../../../test/mail-parts';
import { mailQueueOf, openMailQueue } from '../../../test/mail-queue';
import { deliverDueMail, type MailOptions } from './notification-mail.service';
import { unsubscribe } from './unsubscribe.service';

const FROM = 'COSA Portal <no-reply@iitbhilai.ac.in>';
let handle: DatabaseHandle;
let options: MailOptions;
let smtp: TestSmtpServer;
let mailer: Mailer;

beforeAll(async () => {
  ({ handle, options } = await openMailQueue());
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(notifications);
  smtp = await startSmtpServer();
  mailer = smtpMailer(smtp.url, FROM);
  return async () => {
    mailer.close();
    await smtp.close();
  };
});

const { add, rowOf } = mailQueueOf(() => handle.db);
const mailTo = (address: string) =>
  smtp.messages.map(readMail).filter((mail) => mail.header('To') === address);

describe('deliverDueMail', () => {
  it('sends one e-mail per person however many notifications they have, and marks exactly those as e-mailed', async () => {
    const asha = await createUser(handle.db, { email: 'asha.verma@iitbhilai.ac.in' });
    const ravi = await createUser(handle.db, { email: 'ravi.nair@iitbhilai.ac.in' });
    const a1 = await add(asha.id, { createdAt: new Date('2026-11-25T10:00:00Z') });
    const a2 = await add(asha.id, {
      kind: 'skill',
      outcome: 'endorsed',
      subject: 'Python',
      link: '/skills',
      createdAt: new Date('2026-11-25T10:05:00Z'),
    });
    const a3 = await add(asha.id, {
      kind: 'feedback',
      outcome: 'resolved',
      subject: 'Mess food quality',
      detail: 'Menu revised.',
      link: '/feedback',
      createdAt: new Date('2026-11-25T10:10:00Z'),
    });
    const inPortal = await add(asha.id, { delivery: 'app', subject: 'Portal only' });
    const forDigest = await add(asha.id, { delivery: 'digest', subject: 'Digest only' });
    const r1 = await add(ravi.id, {
      kind: 'booking',
      outcome: 'approved',
      subject: 'Lecture Hall 1',
      link: '/room-booking',
    });

    expect(await deliverDueMail(handle.db, mailer, options)).toMatchObject({ sent: 2, failed: 0 });

    expect(smtp.messages).toHaveLength(2);
    const [toAsha] = mailTo('asha.verma@iitbhilai.ac.in');
    expect(toAsha!.header('Subject')).toBe('3 new notifications');
    expect(toAsha!.text).toContain('Your achievement "Inter-IIT Tech Meet gold" was verified');
    expect(toAsha!.text).toContain('Your skill "Python" was endorsed');
    expect(toAsha!.text).toContain('Your feedback on Mess food quality was resolved');
    expect(toAsha!.text).toContain('Menu revised.');
    expect(toAsha!.text).toContain('https://cosa.iitbhilai.ac.in/skills');
    // Newest first.
    expect(toAsha!.text.indexOf('Mess food quality')).toBeLessThan(
      toAsha!.text.indexOf('Inter-IIT Tech Meet gold'),
    );
    expect(toAsha!.text).not.toContain('Portal only');
    expect(toAsha!.text).not.toContain('Digest only');
    const [toRavi] = mailTo('ravi.nair@iitbhilai.ac.in');
    expect(toRavi!.header('Subject')).toBe('Your booking of Lecture Hall 1 was approved');
    expect(toRavi!.text).toContain('Open it in the portal: https://cosa.iitbhilai.ac.in/room-booking');

    for (const row of [a1, a2, a3, r1]) expect((await rowOf(row.id)).emailedAt).not.toBeNull();
    expect((await rowOf(inPortal.id)).emailedAt).toBeNull();
    expect((await rowOf(forDigest.id)).emailedAt).toBeNull();

    expect(await deliverDueMail(handle.db, mailer, options)).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
  });

  it('sends a plain-text and an HTML part, a settings and an unsubscribe link, and the one-click List-Unsubscribe headers', async () => {
    const meera = await createUser(handle.db, { email: 'meera.iyer@iitbhilai.ac.in' });
    await add(meera.id, {
      kind: 'position',
      outcome: 'verified',
      subject: 'Secretary, Robotics Club',
      link: '/positions',
    });

    await deliverDueMail(handle.db, mailer, options);

    const mail = readMail(await smtp.waitForMessage(1));
    expect(mail.contentType).toMatch(/^multipart\/alternative/);
    expect(mail.header('Subject')).toBe('Your position "Secretary, Robotics Club" was verified');
    expect(mail.text).toContain('Your position "Secretary, Robotics Club" was verified');
    expect(mail.text).toContain('https://cosa.iitbhilai.ac.in/positions');
    expect(mail.text).toContain(
      'Choose which e-mails you get: https://cosa.iitbhilai.ac.in/notifications/settings',
    );
    expect(mail.html).toContain('<a href="https://cosa.iitbhilai.ac.in/positions">');
    expect(mail.html).toContain('<a href="https://cosa.iitbhilai.ac.in/notifications/settings">');

    const listUnsubscribe = mail.header('List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/cosa\.iitbhilai\.ac\.in\/api\/notifications\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/,
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = /token=([A-Za-z0-9_.-]+)>/.exec(listUnsubscribe!)![1]!;
    expect(mail.text).toContain(`https://cosa.iitbhilai.ac.in/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="https://cosa.iitbhilai.ac.in/unsubscribe?token=${token}"`);
    // The link stops exactly this kind of e-mail for exactly this person.
    expect(await unsubscribe(handle.db, options.unsubscribeSecret, token)).toEqual({
      kind: 'position',
      email: 'm•••@iitbhilai.ac.in',
    });
  });

  it('escapes what people typed in the HTML part', async () => {
    const kabir = await createUser(handle.db, { email: 'kabir.das@iitbhilai.ac.in' });
    await add(kabir.id, {
      subject: '<script>alert(1)</script>',
      detail: 'Tom & Jerry "quoted" <b>bold</b>',
    });

    await deliverDueMail(handle.db, mailer, options);

    const mail = readMail(await smtp.waitForMessage(1));
    expect(mail.header('Subject')).toBe('Your achievement "<script>alert(1)</script>" was verified');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Tom &#38; Jerry &#34;quoted&#34; &#60;b&#62;bold&#60;/b&#62;');
    expect(mail.text).toContain('Tom & Jerry "quoted" <b>bold</b>');
  });

  it('skips deactivated accounts and settles what they were owed without sending it', async () => {
    const gone = await createUser(handle.db, {
      email: 'left.campus@iitbhilai.ac.in',
      deactivatedAt: new Date(),
    });
    const row = await add(gone.id);

    expect(await deliverDueMail(handle.db, mailer, options)).toMatchObject({ sent: 0, failed: 0 });

    expect(smtp.messages).toHaveLength(0);
    expect((await rowOf(row.id)).emailedAt).not.toBeNull();
  });
});
