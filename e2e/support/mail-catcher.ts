import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type MailCatcher = { port: number; stop: () => Promise<void> };

/** A file name safe on every system for a recipient's address. */
export function mailFileStem(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
}

/**
 * An SMTP server on loopback that accepts every message (no TLS, no login) and writes each,
 * raw, once per recipient, to dir as `<timestamp>-<recipient>.eml`.
 */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const stamp = `${Date.now()}-${String((sequence += 1)).padStart(4, '0')}`;
        for (const recipient of session.envelope.rcptTo) {
          // Written under another name and then renamed, so a reader never sees half a message.
          const file = path.join(dir, `${stamp}-${mailFileStem(recipient.address)}.eml`);
          writeFileSync(`${file}.part`, raw);
          renameSync(`${file}.part`, file);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
