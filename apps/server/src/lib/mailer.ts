import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe on notification e-mails. */
  headers?: Record<string, string>;
};

/** Sends the portal's e-mail; `close` releases its connection. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** The part of a pino-style logger the mailer and mail-sending services use. */
export type MailLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** Sends over SMTP, e.g. smtps://user:password@smtp.example.ac.in:465. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * For installations without SMTP. On a developer's machine each message, links included, goes to
 * the log so that the flows can be followed; in production a live link must never sit in a log,
 * and an address beside a subject can say who wrote anonymous feedback, so only a warning that a
 * mail went nowhere is logged.
 */
function logMailer(log: MailLog, options: { production: boolean }): Mailer {
  return {
    async send(message) {
      if (options.production) {
        // Neither the address nor the subject: together they can tell who wrote anonymous feedback.
        log.warn({}, 'an e-mail was not sent: SMTP_URL is not set');
        return;
      }
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        `e-mail to ${message.to}: ${message.subject}`,
      );
    },
    close() {},
  };
}

/** SMTP when SMTP_URL is set, otherwise the log. */
export function createMailer(
  config: { SMTP_URL?: string | undefined; mailFrom: string; NODE_ENV: string },
  log: MailLog,
): Mailer {
  return config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.mailFrom)
    : logMailer(log, { production: config.NODE_ENV === 'production' });
}
