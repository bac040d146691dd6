import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';

/*
 * A device an account signed in from is remembered by a mark naming the account and a stamp of its
 * credentials (the sign-in routes keep it in a signed cookie). Such a device is spared the limits a
 * stranger can exhaust for an account (per address, per account), so nobody can lock an owner out
 * of their own devices.
 */

/**
 * A digest of the account's credentials: a new password, or a Google takeover, changes it, so a
 * device remembered before (a squatter's, a shared computer's) stops being known.
 */
function credentialStamp(account: {
  passwordHash: string | null;
  googleSubject: string | null;
}): string {
  return createHash('sha256')
    .update(`${account.passwordHash ?? ''}|${account.googleSubject ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The mark of a device the account signs in from now; null when the account is gone. */
export async function deviceMarkOf(db: Database, userId: string): Promise<string | null> {
  const [account] = await db
    .select({ passwordHash: users.passwordHash, googleSubject: users.googleSubject })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return account ? `${userId}.${credentialStamp(account)}` : null;
}

/** True when a device's mark names the account with the credentials it has now. */
export function marksDeviceOf(
  mark: string,
  account: { id: string; passwordHash: string | null; googleSubject: string | null },
): boolean {
  return mark === `${account.id}.${credentialStamp(account)}`;
}
