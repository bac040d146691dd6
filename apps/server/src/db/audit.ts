import { eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditKind } from '@cosa/contracts';
import type { Database } from './client';
import { auditLog, users } from './schema/index';

type Executor = Pick<Database, 'execute'>;

/**
 * Names the actor of the current transaction: the audit triggers (migration 0017) write one line
 * per row the transaction changes afterwards. Call it first in every privileged transaction.
 */
export async function auditAs(tx: Executor, actorId: string): Promise<void> {
  await tx.execute(sql`select set_config('cosa.actor_id', ${actorId}, true)`);
}

/** Privileged work in one transaction whose changes the audit log records as the actor's. */
export async function asActor<T>(
  db: Database,
  actorId: string,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await auditAs(tx, actorId);
    return work(tx);
  });
}

/** The actor's name as the audit line keeps it: their name at the moment of the change. */
async function nameAtTheTime(tx: Pick<Database, 'select'>, actorId: string): Promise<string | null> {
  const [actor] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, actorId))
    .limit(1);
  return actor?.name ?? null;
}

/**
 * One line for a change that is not one row (an import of the student roll), or that a row's own
 * line would not explain (the administrator's reason for asking to erase an account).
 */
export async function auditSummary(
  tx: Pick<Database, 'insert' | 'select'>,
  entry: {
    actorId: string;
    kind: AuditKind;
    action: AuditAction;
    subjectType: string;
    subjectId?: string;
    subjectLabel?: string;
    summary: string;
    after?: unknown;
  },
): Promise<void> {
  const actorName = await nameAtTheTime(tx, entry.actorId);
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName,
    kind: entry.kind,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    subjectLabel: entry.subjectLabel ?? null,
    summary: entry.summary,
    after: entry.after ?? null,
  });
}

/**
 * One line for a change of who a person is (decision 0015): a new display name, or a fact the
 * institute keeps (official name, student id, program, discipline, admission year), with the
 * values before and after. The audit triggers record only privileged row changes; these are
 * written on every path, the student's own renames included.
 */
export async function auditIdentityChange(
  tx: Pick<Database, 'insert' | 'select'>,
  entry: {
    actorId: string;
    userId: string;
    label: string;
    summary: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  const actorName = await nameAtTheTime(tx, entry.actorId);
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName,
    kind: 'account',
    action: 'update',
    subjectType: 'users',
    subjectId: entry.userId,
    subjectLabel: entry.label,
    summary: entry.summary,
    before: entry.before,
    after: entry.after,
  });
}

/** The SQLSTATE the unit tree's cycle check raises with its constraint name. */
export const UNIT_CYCLE_CONSTRAINT = 'org_units_no_cycle';
