import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { startSmtpServer } from '../../test/mail-helpers';

function recordingLog() {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  return {
    lines,
    info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
    error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
  };
}

const message = {
  to: 'asha@iitbhilai.ac.in',
  subject: 'Reset your password',
  text: 'Open http://localhost:3000/reset-password/a/b',
  html: '<p>x</p>',
};

describe('mailer', () => {
  it('without SMTP outside production writes the recipient, subject and text (with its link) to the log at info', async () => {
    const log = recordingLog();
    const mailer = createMailer(
      { mailFrom: 'COSA Portal <no-reply@iitbhilai.ac.in>', NODE_ENV: 'development' },
      log,
    );
    await mailer.send(message);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({
      level: 'info',
      details: { mail: { to: message.to, subject: message.subject, text: message.text } },
      message: expect.stringContaining(message.to),
    });
    mailer.close();
  });

  it('without SMTP in production logs only a warning, naming neither recipient nor subject, and never the link', async () => {
    const log = recordingLog();
    const mailer = createMailer(
      { mailFrom: 'COSA Portal <no-reply@iitbhilai.ac.in>', NODE_ENV: 'production' },
      log,
    );
    await mailer.send(message);
    expect(log.lines).toEqual([
      { level: 'warn', details: {}, message: 'an e-mail was not sent: SMTP_URL is not set' },
    ]);
    expect(JSON.stringify(log.lines)).not.toContain('reset-password');
    expect(JSON.stringify(log.lines)).not.toContain('asha');
    expect(JSON.stringify(log.lines)).not.toContain('Reset your password');
    mailer.close();
  });

  it('with SMTP_URL sends through the SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      const log = recordingLog();
      const mailer = createMailer(
        {
          SMTP_URL: smtp.url,
          mailFrom: 'COSA Portal <no-reply@iitbhilai.ac.in>',
          NODE_ENV: 'production',
        },
        log,
      );
      await mailer.send(message);
      const raw = await smtp.waitForMessage(1);
      expect(raw).toMatch(/^From: COSA Portal <no-reply@iitbhilai\.ac\.in>/m);
      expect(raw).toMatch(/^To: asha@iitbhilai\.ac\.in/m);
      expect(raw).toMatch(/^Subject: Reset your password/m);
      expect(log.lines).toHaveLength(0);
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});
