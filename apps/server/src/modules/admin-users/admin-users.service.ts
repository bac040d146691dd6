import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  ROLE_LABELS,
  SINGLE_SEAT_ROLES,
  normalizeRole,
  type AdminUserDetail,
  type Role,
  type RoleChangeRequest,
} from '@cosa/contracts';
import { asActor, auditSummary } from '../../db/audit';
import type { Database } from '../../db/client';
import { fixed } from '../../db/fixed';
import {
  emailVerificationTokens,
  erasureRequests,
  orgUnits,
  passwordResetTokens,
  sessions,
  studentProfiles,
  users,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { getAdminUser } from './admin-users.read';
import {
  deactivationRefusal,
  onboardedAfter,
  roleChangeRefusal,
  type RoleTarget,
} from './admin-users.policy';

/** The administrator acting: the session's user. */
export type AdminActor = { id: string };

/**
 * Every change that may leave fewer active administrators (a role change, a deactivation) takes
 * this lock first and counts them after it, so two administrators demoting or deactivating each
 * other at once run one after the other and the second sees the first's result: never zero.
 */
async function lockAdministrators(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cosa.active_administrators'))`);
}

async function activeAdministrators(tx: Database): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(fixed(users.role, 'ADMIN'), isNull(users.deactivatedAt)));
  return row!.n;
}

/** The account, locked until the commit; 404 when there is none. */
async function lockTarget(tx: Database, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      onboardingComplete: users.onboardingComplete,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  return { ...row, role: normalizeRole(row.role) } satisfies RoleTarget & Record<string, unknown>;
}

/** A club in use (not retired), key-share locked so it cannot go before the commit; 400 on clubId otherwise. */
async function clubInUse(tx: Database, clubId: string): Promise<{ id: string; name: string }> {
  const [club] = await tx
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(eq(orgUnits.id, clubId), fixed(orgUnits.type, 'club'), isNull(orgUnits.retiredAt)))
    .for('key share');
  if (!club)
    throw AppError.badRequest(ADMIN_USER_MESSAGES.clubNotFound, {
      clubId: ADMIN_USER_MESSAGES.clubNotFound,
    });
  return club;
}

/**
 * A single-seat office (the president, each general secretary) has one holder: 409 naming the
 * current one. Two changes racing for one office are settled by users_single_seat_role_key, which
 * the update answers with the same message (withOfficeCheck).
 */
async function refuseTakenOffice(tx: Database, userId: string, role: Role): Promise<void> {
  if (!(SINGLE_SEAT_ROLES as readonly Role[]).includes(role)) return;
  const [holder] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.role, role), ne(users.id, userId)))
    .limit(1);
  if (holder) throw AppError.conflict(ADMIN_USER_MESSAGES.officeTaken(ROLE_LABELS[role], holder.name));
}

/** Whether the account has an erasure scheduled (decision 0041): it may not take an office meanwhile. */
async function erasureScheduledFor(tx: Database, userId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .where(
      and(
        eq(erasureRequests.userId, userId),
        isNull(erasureRequests.cancelledAt),
        isNull(erasureRequests.completedAt),
      ),
    )
    .limit(1);
  return open !== undefined;
}

export type RoleChange = {
  email: string;
  from: Role;
  to: Role;
  club: { id: string; name: string } | null;
};

/**
 * Changes a user's role inside the caller's transaction, for the admin pages and the command line
 * alike (actorId null): a club coordinator is linked to a club in use and any other role unlinks
 * it; only a proven, active account holds a role other than STUDENT; the last active administrator
 * stays one. A student without a profile goes through onboarding again; an administrator keeps
 * whatever student data the account had.
 */
export async function changeRole(
  tx: Database,
  userId: string,
  change: { role: Role; clubId?: string | null | undefined },
  actorId: string | null,
): Promise<RoleChange> {
  await lockAdministrators(tx);
  const target = await lockTarget(tx, userId);
  const club = change.role === 'CLUB_COORDINATOR' ? await clubInUse(tx, change.clubId ?? '') : null;
  const refusal = roleChangeRefusal(target, change.role, {
    actorId,
    activeAdmins: await activeAdministrators(tx),
  });
  if (refusal) throw AppError.conflict(refusal);
  await refuseTakenOffice(tx, userId, change.role);
  if (change.role !== 'STUDENT' && (await erasureScheduledFor(tx, userId)))
    throw AppError.conflict(ADMIN_USER_MESSAGES.erasureScheduled);
  const [profile] = await tx
    .select({ userId: studentProfiles.userId })
    .from(studentProfiles)
    .where(eq(studentProfiles.userId, userId))
    .limit(1);
  await tx
    .update(users)
    .set({
      role: change.role,
      clubUnitId: club?.id ?? null,
      onboardingComplete: onboardedAfter(target, change.role, profile !== undefined),
    })
    .where(eq(users.id, userId));
  return { email: target.email, from: target.role, to: change.role, club };
}

/** PUT /api/admin/users/{id}/role, recorded in the audit log as the administrator's. */
export async function changeUserRole(
  db: Database,
  actor: AdminActor,
  id: string,
  input: RoleChangeRequest,
): Promise<AdminUserDetail> {
  await asActor(db, actor.id, (tx) => changeRole(tx, id, input, actor.id));
  return getAdminUser(db, id);
}

/**
 * Deactivates an account and, in the same transaction, ends every session of it (the session lookup
 * refuses a deactivated account's cookie as well) and deletes its outstanding password-reset and
 * e-mail verification links, so that none sent before works again, even once it is reactivated.
 * Nobody deactivates themselves or the last active administrator.
 */
export async function deactivateUser(
  db: Database,
  actor: AdminActor,
  id: string,
): Promise<AdminUserDetail> {
  await asActor(db, actor.id, async (tx) => {
    await lockAdministrators(tx);
    const target = await lockTarget(tx, id);
    const refusal = deactivationRefusal(target, {
      actorId: actor.id,
      activeAdmins: await activeAdministrators(tx),
    });
    if (refusal) throw AppError.conflict(refusal);
    await tx
      .update(users)
      .set({ deactivatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id));
  });
  return getAdminUser(db, id);
}

/** Reactivates a deactivated account: it may sign in again (its sessions stay ended). */
export async function reactivateUser(
  db: Database,
  actor: AdminActor,
  id: string,
): Promise<AdminUserDetail> {
  await asActor(db, actor.id, async (tx) => {
    const target = await lockTarget(tx, id);
    if (!target.deactivatedAt) throw AppError.conflict(ADMIN_USER_MESSAGES.notDeactivated);
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, id));
  });
  return getAdminUser(db, id);
}

/** Ends every session of an account (the account stays usable); one audit line says how many. */
export async function signOutEverywhere(db: Database, actor: AdminActor, id: string): Promise<number> {
  return asActor(db, actor.id, async (tx) => {
    const target = await lockTarget(tx, id);
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, id))
      .returning({ id: sessions.id });
    await auditSummary(tx, {
      actorId: actor.id,
      kind: 'account',
      action: 'delete',
      subjectType: 'sessions',
      summary: `Signed ${target.name} (${target.email}) out of ${ended.length} ${ended.length === 1 ? 'session' : 'sessions'}`,
    });
    return ended.length;
  });
}
