import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { readMail } from '../../../test/mail-parts';
import { mailQueueOf, useMailQueue } from '../../../test/mail-queue';
import { deliverDueMail } from './notification-mail.service';
import { unsubscribe } from './unsubscribe.service';

const mailing = useMailQueue();
const { add, rowOf } = mailQueueOf(() => mailing.db);

describe('deliverDueMail', () => {
  it('sends one e-mail per person however many notifications they have, and marks exactly those as e-mailed', async () => {
    const asha = await createUser(mailing.db, { email: 'asha.verma@iitbhilai.ac.in' });
    const ravi = await createUser(mailing.db, { email: 'ravi.nair@iitbhilai.ac.in' });
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

    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 2,
      failed: 0,
    });

    expect(mailing.smtp.messages).toHaveLength(2);
    const [toAsha] = mailing.mailTo('asha.verma@iitbhilai.ac.in');
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
    const [toRavi] = mailing.mailTo('ravi.nair@iitbhilai.ac.in');
    expect(toRavi!.header('Subject')).toBe('Your booking of Lecture Hall 1 was approved');
    expect(toRavi!.text).toContain('Open it in the portal: https://cosa.iitbhilai.ac.in/room-booking');

    for (const row of [a1, a2, a3, r1]) expect((await rowOf(row.id)).emailedAt).not.toBeNull();
    expect((await rowOf(inPortal.id)).emailedAt).toBeNull();
    expect((await rowOf(forDigest.id)).emailedAt).toBeNull();

    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 0,
      failed: 0,
    });
    expect(mailing.smtp.messages).toHaveLength(2);
  });

  it('sends a plain-text and an HTML part, a settings and an unsubscribe link, and the one-click List-Unsubscribe headers', async () => {
    const meera = await createUser(mailing.db, { email: 'meera.iyer@iitbhilai.ac.in' });
    await add(meera.id, {
      kind: 'position',
      outcome: 'verified',
      subject: 'Secretary, Robotics Club',
      link: '/positions',
    });

    await deliverDueMail(mailing.db, mailing.mailer, mailing.options);

    const mail = readMail(await mailing.smtp.waitForMessage(1));
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
    expect(await unsubscribe(mailing.db, mailing.options.unsubscribeSecret, token)).toEqual({
      kind: 'position',
      email: 'm•••@iitbhilai.ac.in',
    });
  });

  it('escapes what people typed in the HTML part', async () => {
    const kabir = await createUser(mailing.db, { email: 'kabir.das@iitbhilai.ac.in' });
    await add(kabir.id, {
      subject: '<script>alert(1)</script>',
      detail: 'Tom & Jerry "quoted" <b>bold</b>',
    });

    await deliverDueMail(mailing.db, mailing.mailer, mailing.options);

    const mail = readMail(await mailing.smtp.waitForMessage(1));
    expect(mail.header('Subject')).toBe('Your achievement "<script>alert(1)</script>" was verified');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Tom &#38; Jerry &#34;quoted&#34; &#60;b&#62;bold&#60;/b&#62;');
    expect(mail.text).toContain('Tom & Jerry "quoted" <b>bold</b>');
  });

  it('skips deactivated accounts and settles what they were owed without sending it', async () => {
    const gone = await createUser(mailing.db, {
      email: 'left.campus@iitbhilai.ac.in',
      deactivatedAt: new Date(),
    });
    const row = await add(gone.id);

    expect(await deliverDueMail(mailing.db, mailing.mailer, mailing.options)).toMatchObject({
      sent: 0,
      failed: 0,
    });

    expect(mailing.smtp.messages).toHaveLength(0);
    expect((await rowOf(row.id)).emailedAt).not.toBeNull();
  });
});
