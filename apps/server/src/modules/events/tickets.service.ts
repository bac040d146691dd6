import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { REGISTRATION_MESSAGES, type SessionUser, type Ticket } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { eventRegistrations, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { serverSecret } from '../../lib/server-secrets';
import { visibleEvent } from './event-standing.service';

/*
 * A ticket is its registration's id signed by the server, never stored: the door checks the
 * signature without a lookup, and no one can make up a ticket for a registration they guessed.
 * "T1." + base64url(16 bytes of the id + the first 16 bytes of HMAC-SHA256("T1" + id)): 46
 * characters, a small QR code. The version prefix is signed too, so a later format can never
 * accept a code of this one.
 */

const VERSION = 'T1';
const MAC_BYTES = 16;
const CODE_PATTERN = /^T1\.([A-Za-z0-9_-]{43})$/;

/** The key of each database (each test app has its own), read once per process. */
const keys = new WeakMap<Database, Promise<Buffer>>();

function ticketKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'event-tickets').then((value) => Buffer.from(value, 'base64url'));
    // A failed read (the database away) is tried again next time, not kept.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const macOf = (key: Buffer, id: Buffer) =>
  createHmac('sha256', key).update(VERSION).update(id).digest().subarray(0, MAC_BYTES);

/** The ticket code of a registration. */
export async function ticketCodeOf(db: Database, registrationId: string): Promise<string> {
  const id = uuidBytes(registrationId);
  const mac = macOf(await ticketKey(db), id);
  return `${VERSION}.${Buffer.concat([id, mac]).toString('base64url')}`;
}

/** The registration id a ticket code was signed for; null for anything the server did not sign. */
export async function registrationOfTicket(db: Database, code: string): Promise<string | null> {
  const match = CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, 'base64url');
  // Only the one spelling the server writes: the last character's two spare bits must be zero.
  if (bytes.length !== 16 + MAC_BYTES || bytes.toString('base64url') !== match[1]) return null;
  const id = bytes.subarray(0, 16);
  const expected = macOf(await ticketKey(db), id);
  return timingSafeEqual(expected, bytes.subarray(16)) ? uuidOf(id) : null;
}

/**
 * The signed-in person's ticket for an event: 404 when they may not see the event, 409 when they
 * hold no confirmed registration of it (waitlisted, cancelled or none) or the event is cancelled.
 */
export async function myTicket(db: Database, actor: SessionUser, eventId: string): Promise<Ticket> {
  const { event } = await visibleEvent(db, actor, eventId);
  if (event.status === 'cancelled') throw AppError.conflict(REGISTRATION_MESSAGES.eventCancelled);
  const [row] = await db
    .select({
      id: eventRegistrations.id,
      checkedInAt: eventRegistrations.checkedInAt,
      name: users.name,
      studentId: users.studentId,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, event.id),
        eq(eventRegistrations.userId, actor.id),
        eq(eventRegistrations.status, 'confirmed'),
      ),
    )
    .limit(1);
  if (!row) throw AppError.conflict(REGISTRATION_MESSAGES.ticketUnavailable);
  return {
    code: await ticketCodeOf(db, row.id),
    registrationId: row.id,
    name: row.name,
    studentId: row.studentId,
    event: {
      id: event.id,
      title: event.title,
      start: event.scheduleStart?.toISOString() ?? null,
      end: event.scheduleEnd?.toISOString() ?? null,
      venue: event.venue,
    },
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}
