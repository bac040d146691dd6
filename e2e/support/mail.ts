import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailFileStem } from './mail-catcher';
import { resultsDir } from './paths';

/** Where the harness's SMTP server saves the portal's e-mail. */
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(resultsDir, 'mail');

export type CapturedMail = { file: string; raw: string; text: string };

/** Undoes quoted-printable soft line breaks and escapes, so links read whole. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The bodies of base64-encoded parts, decoded. */
function decodeBase64Parts(raw: string): string {
  const parts = raw.split(/\r?\n\r?\n/);
  return parts
    .filter((part) => /^[A-Za-z0-9+/=\r\n]+$/.test(part.trim()) && part.trim().length > 40)
    .map((part) => Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
}

function mailsTo(address: string): string[] {
  const suffix = `-${mailFileStem(address)}.eml`;
  try {
    return readdirSync(mailDir)
      .filter((name) => name.endsWith(suffix))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The newest e-mail to address that arrived after `after` (file names start with their time),
 * waiting for it up to timeoutMs.
 */
export async function latestMailTo(
  address: string,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const { after = 0, timeoutMs = 15_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = mailsTo(address)
      .filter((name) => Number(name.split('-')[0]) >= after)
      .at(-1);
    if (newest) {
      const file = path.join(mailDir, newest);
      const raw = readFileSync(file, 'utf8');
      return { file, raw, text: `${decodeQuotedPrintable(raw)}\n${decodeBase64Parts(raw)}` };
    }
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${address} arrived in ${mailDir} within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path of the password reset link in a captured e-mail. */
export function resetLinkPath(mail: CapturedMail): string {
  const match = /\/reset-password\/[A-Za-z0-9-]+\/[A-Za-z0-9_~.-]+/.exec(mail.text);
  if (!match) throw new Error(`No reset link in ${mail.file}`);
  return match[0];
}

/** The path of the e-mail verification link in a captured e-mail: `/verify-email/<token>`. */
export function verifyEmailLinkPath(mail: CapturedMail): string {
  const match = /\/verify-email\/[A-Za-z0-9_-]{20,}/.exec(mail.text);
  if (!match) throw new Error(`No verification link in ${mail.file}`);
  return match[0];
}
