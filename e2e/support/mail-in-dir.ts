import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CapturedMail } from './mail';
import { mailFileStem } from './mail-catcher';

/**
 * The reading side of a mail catcher of a spec's own (one started with startMailCatcher into dir),
 * as latestMailTo reads the run's shared one.
 */

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeBase64Parts(raw: string): string {
  return raw
    .split(/\r?\n\r?\n/)
    .filter((part) => /^[A-Za-z0-9+/=\r\n]+$/.test(part.trim()) && part.trim().length > 40)
    .map((part) => Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
}

/** The newest e-mail to address saved in dir at or after `after` (file names start with their time), waiting up to timeoutMs. */
export async function latestMailIn(
  dir: string,
  address: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const { after = 0, timeoutMs = 15_000 } = options;
  const suffix = `-${mailFileStem(address)}.eml`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith(suffix));
    } catch {
      // not created yet
    }
    const newest = names
      .filter((name) => Number(name.split('-')[0]) >= after)
      .sort()
      .at(-1);
    if (newest) {
      const file = path.join(dir, newest);
      const raw = readFileSync(file, 'utf8');
      return { file, raw, text: `${decodeQuotedPrintable(raw)}\n${decodeBase64Parts(raw)}` };
    }
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${address} arrived in ${dir} within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
