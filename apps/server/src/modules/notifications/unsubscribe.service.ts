import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_DIGEST_HOUR,
  ERROR_CODES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type UnsubscribeResult,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const INVALID_LINK = 'This unsubscribe link is not valid.';

/** user id (16 bytes, base64url) . kind . HMAC-SHA256 (32 bytes, base64url) */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{22})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, userId: string, kind: NotificationKind): Buffer {
  // The purpose is signed too, so that a signature made with this secret for anything else never passes here.
  return createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${kind}`).digest();
}

const packId = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex').toString('base64url');

function unpackId(packed: string): string | null {
  const bytes = Buffer.from(packed, 'base64url');
  // 22 characters carry 132 bits: a token whose spare bits differ would name the same user, so only the one spelling passes.
  if (bytes.length !== 16 || bytes.toString('base64url') !== packed) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The token of a one-click unsubscribe link: it names a person and a kind of notification and is
 * signed with the server's secret, so it needs no sign-in and cannot be made for anyone else.
 * It does not expire: an old e-mail's link must still stop the e-mails.
 */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const id = userId.toLowerCase();
  return `${packId(id)}.${kind}.${signature(secret, id, kind).toString('base64url')}`;
}

/** The person and kind a token names, or null when it is malformed or its signature does not match. */
function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const [, packed, kindText, signed] = match as unknown as [string, string, string, string];
  const userId = unpackId(packed);
  const kind = NOTIFICATION_KINDS.find((candidate) => candidate === kindText);
  if (!userId || !kind) return null;
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, userId, kind);
  if (given.length !== expected.length || given.toString('base64url') !== signed) return null;
  return timingSafeEqual(given, expected) ? { userId, kind } : null;
}

/** 'asha.verma@iitbhilai.ac.in' as 'a•••@iitbhilai.ac.in': the page confirms whose e-mails stop without showing the address to whoever holds the link. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * Follows a one-click unsubscribe link: the kind it names now reaches its person only in the
 * portal, and what of that kind still waits to be e-mailed is not sent either. Following it again
 * changes nothing. A deactivated account may still unsubscribe; a deleted one (or a bad token) is
 * refused with 400, and nothing changes.
 */
export async function unsubscribe(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeResult> {
  const named = readUnsubscribeToken(secret, token);
  if (!named) throw new AppError(400, ERROR_CODES.badRequest, INVALID_LINK);
  const { userId, kind } = named;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw new AppError(400, ERROR_CODES.badRequest, INVALID_LINK);
    await tx
      .insert(notificationSettings)
      .values({ userId, deliveries: { [kind]: 'app' }, digestHour: DEFAULT_DIGEST_HOUR })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        // Merged in the statement, so a change of another kind made at the same moment is kept.
        set: {
          deliveries: sql`${notificationSettings.deliveries} || jsonb_build_object(${kind}::text, 'app')`,
          updatedAt: new Date(),
        },
      });
    await tx
      .update(notifications)
      .set({ delivery: 'app' })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          isNull(notifications.emailedAt),
          ne(notifications.delivery, 'app'),
        ),
      );
    return { kind, email: maskEmail(user.email) };
  });
}
