import { and, eq, isNull } from 'drizzle-orm';
import {
  PRIVACY_MESSAGES,
  RETENTION,
  type AdminErasureRequest,
  type ErasureStatus,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditSummary } from '../../db/audit';
import { erasureRequests, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { uniqueViolationOf } from '../../lib/db-errors';
import { notifyPerson } from '../notifications/notify.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const OPEN_REQUEST_KEY = 'erasure_requests_one_open_key';

const open = (userId: string) =>
  and(
    eq(erasureRequests.userId, userId),
    isNull(erasureRequests.cancelledAt),
    isNull(erasureRequests.completedAt),
  );

/** Who asks: the person themselves, or the administrator on a student's behalf with a reason. */
export type ErasureAsker =
  | { kind: 'self' }
  | {
      kind: 'administrator';
      adminId: string;
      reason: AdminErasureRequest['reason'];
    };

/** The account an erasure is asked for: 404 unknown (or already erased), 409 not a student's. */
async function studentAccount(db: Pick<Database, 'select'>, userId: string) {
  const [account] = await db
    .select({ id: users.id, name: users.name, role: users.role, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account || account.erasedAt) throw AppError.notFound(PRIVACY_MESSAGES.erasureNotFound);
  if (account.role !== 'STUDENT') throw AppError.conflict(PRIVACY_MESSAGES.erasureOnlyStudents);
  return account;
}

/** The open erasure of an account, or none. */
export async function erasureStatusOf(db: Database, userId: string): Promise<ErasureStatus> {
  const [row] = await db.select().from(erasureRequests).where(open(userId));
  return {
    scheduled: row
      ? {
          requestedAt: row.createdAt.toISOString(),
          dueAt: row.dueAt.toISOString(),
          requestedBy: row.byAdministrator ? 'administrator' : 'self',
        }
      : null,
  };
}

/**
 * The administrator's view of a person's erasure: 404 for an unknown account. The status of any
 * account, so that the administrator sees why a student's cannot be asked for.
 */
export async function adminErasureStatusOf(db: Database, userId: string): Promise<ErasureStatus> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) throw AppError.notFound(PRIVACY_MESSAGES.erasureNotFound);
  return erasureStatusOf(db, userId);
}

/**
 * Schedules the erasure of a student's account, due after the grace period, and tells the person
 * (by e-mail too: they may not sign in again before it is due). One open erasure per account: the
 * database's partial unique key decides between two requests at once (409).
 */
export async function scheduleErasure(
  db: Database,
  userId: string,
  asker: ErasureAsker,
  now: Date = new Date(),
): Promise<ErasureStatus> {
  const dueAt = new Date(now.getTime() + RETENTION.erasureGraceDays * DAY_MS);
  try {
    await db.transaction(async (tx) => {
      const account = await studentAccount(tx, userId);
      const byAdministrator = asker.kind === 'administrator';
      const [request] = await tx
        .insert(erasureRequests)
        .values({ userId, requestedBy: byAdministrator ? asker.adminId : null, byAdministrator, dueAt })
        .returning({ id: erasureRequests.id });
      if (byAdministrator)
        await auditSummary(tx, {
          actorId: asker.adminId,
          kind: 'account',
          action: 'create',
          subjectType: 'erasure_requests',
          subjectId: userId,
          subjectLabel: account.name,
          summary: `Asked for the erasure of the account, due ${dueAt.toISOString().slice(0, 10)}: ${asker.reason}`,
          after: { requestId: request!.id, dueAt: dueAt.toISOString(), reason: asker.reason },
        });
      await notifyPerson(tx, userId, {
        kind: 'privacy',
        outcome: 'erasure-scheduled',
        subject: 'Your account',
        detail: `Your account will be erased on ${dueAt.toISOString().slice(0, 10)} unless you cancel it in Settings, Privacy before then.`,
        link: '/settings/privacy',
      });
    });
  } catch (error) {
    if (uniqueViolationOf(error) === OPEN_REQUEST_KEY)
      throw AppError.conflict(PRIVACY_MESSAGES.erasureScheduled);
    throw error;
  }
  return erasureStatusOf(db, userId);
}

/** Cancels the open erasure of an account (409 when none is scheduled) and tells the person. */
export async function cancelErasure(
  db: Database,
  userId: string,
  asker: { kind: 'self' } | { kind: 'administrator'; adminId: string },
): Promise<ErasureStatus> {
  await db.transaction(async (tx) => {
    // Cancelled whatever the account's role is now.
    const [account] = await tx
      .select({ name: users.name, erasedAt: users.erasedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!account || account.erasedAt) throw AppError.notFound(PRIVACY_MESSAGES.erasureNotFound);
    const [cancelled] = await tx
      .update(erasureRequests)
      .set({ cancelledAt: new Date() })
      .where(open(userId))
      .returning({ id: erasureRequests.id });
    if (!cancelled) throw AppError.conflict(PRIVACY_MESSAGES.erasureNotScheduled);
    if (asker.kind === 'administrator')
      await auditSummary(tx, {
        actorId: asker.adminId,
        kind: 'account',
        action: 'delete',
        subjectType: 'erasure_requests',
        subjectId: userId,
        subjectLabel: account.name,
        summary: 'Cancelled the erasure of the account',
        after: { requestId: cancelled.id },
      });
    await notifyPerson(tx, userId, {
      kind: 'privacy',
      outcome: 'erasure-cancelled',
      subject: 'Your account',
      detail: 'Your account will not be erased.',
      link: '/settings/privacy',
    });
  });
  return erasureStatusOf(db, userId);
}
