import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailMessage, Mailer } from '../src/lib/mailer';

/** A mailer that keeps what it is asked to send. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
}

export type TestSmtpServer = {
  url: string;
  /** Raw messages received, oldest first. */
  messages: string[];
  /** Waits for the n-th message (1-based) to arrive. */
  waitForMessage(count?: number, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
};

/** A real SMTP server on loopback (on `port`, or any free one) that accepts every message without authentication. */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async waitForMessage(count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`no e-mail arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The readable text of a raw message: quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
