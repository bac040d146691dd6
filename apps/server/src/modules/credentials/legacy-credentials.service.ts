import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { WITHDRAWING_REASONS, type RevocationReason } from '@cosa/contracts';
import type { Database } from '../../db/client';
import {
  achievements,
  auditLog,
  issuedCredentials,
  positionHolders,
  recordEndings,
} from '../../db/schema/index';
import { achievementDescriptionOf, statedTenureOf } from './credential-text';

/*
 * Credentials signed before status lists existed (decision 0016) carry no credentialStatus and
 * have no row: nothing revokes them when their record ends. They name their record
 * (credentialSubject.achievement.id, urn:uuid:<achievement or holding id>; achievementType
 * 'Membership' for a position, 'Achievement' for an achievement) and their holder
 * (credentialSubject.id, urn:uuid:<account id>), so they are judged by that record, as the database
 * judges the credentials it holds: revoked from the first time the record, standing when it was
 * signed, was deleted, ended early, no longer verified, changed in what it states, or withdrawn.
 */

type Reader = Pick<Database, 'select'>;
type Kind = 'achievement' | 'position';

/** What a credential signed before status lists says about its record. */
export type LegacyStatement = {
  kind: Kind;
  recordId: string;
  /** The account the credential names as its holder; null when it names none readable. */
  holderId: string | null;
  name: string;
  description: string | null;
  issuedAt: Date;
};

/** Why and since when a credential stands no more; the date is null when the portal did not record it. */
export type Ending = { reason: RevocationReason; at: Date | null };

const URN_UUID = /^urn:uuid:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const uuidOf = (value: unknown) =>
  typeof value === 'string' ? (URN_UUID.exec(value)?.[1]?.toLowerCase() ?? null) : null;

/** The parts of a signed credential this judgment reads. */
export type StatedRecord = {
  issuanceDate: string;
  credentialSubject: {
    id?: string | undefined;
    achievement: {
      id?: string | undefined;
      achievementType?: string | undefined;
      name: string;
      description?: string | null | undefined;
    };
  };
};

/** The record a credential names, and what it states of it; null when it names no record. */
export function legacyStatementOf(vc: StatedRecord): LegacyStatement | null {
  const { achievement } = vc.credentialSubject;
  const recordId = uuidOf(achievement.id);
  const issuedAt = new Date(vc.issuanceDate);
  if (!recordId || Number.isNaN(issuedAt.getTime())) return null;
  return {
    // The portal signed positions as memberships of its bodies, achievements as achievements.
    kind: achievement.achievementType === 'Membership' ? 'position' : 'achievement',
    recordId,
    holderId: uuidOf(vc.credentialSubject.id),
    name: achievement.name,
    description: achievement.description ?? null,
    issuedAt,
  };
}

/** The institute withdrew the record (an administrator's revocation for a reason about the record). */
async function withdrawalOf(db: Reader, s: LegacyStatement): Promise<Ending | null> {
  const [row] = await db
    .select({ at: issuedCredentials.revokedAt, reason: issuedCredentials.revocationReason })
    .from(issuedCredentials)
    .where(
      and(
        eq(issuedCredentials.kind, s.kind),
        eq(issuedCredentials.recordId, s.recordId),
        inArray(issuedCredentials.revocationReason, [...WITHDRAWING_REASONS]),
      ),
    )
    .orderBy(asc(issuedCredentials.revokedAt))
    .limit(1);
  return row?.reason ? { reason: row.reason, at: row.at } : null;
}

/** The record's first ending, kept by the database since status lists existed (record_endings). */
async function recordEndingOf(db: Reader, s: LegacyStatement): Promise<Ending | null> {
  const [row] = await db
    .select({ reason: recordEndings.reason, at: recordEndings.endedAt })
    .from(recordEndings)
    .where(and(eq(recordEndings.kind, s.kind), eq(recordEndings.recordId, s.recordId)));
  return row ?? null;
}

type Row = Record<string, unknown> | null;
const differs = (before: Row, after: Row, columns: string[]) =>
  columns.some((column) => JSON.stringify(before?.[column]) !== JSON.stringify(after?.[column]));

/**
 * How one audited change of a record ended what a credential states, as the credential_status
 * triggers judge it: only a change of a record that stood (verified; a holding not ended early).
 */
function endingOfChange(kind: Kind, action: string, before: Row, after: Row): RevocationReason | null {
  if (kind === 'achievement') {
    if (before?.verified !== true) return null;
    if (action === 'delete') return 'record_deleted';
    if (after?.verified !== true) return 'record_unverified';
    const columns = [
      'user_id',
      'title',
      'description',
      'category',
      'level',
      'position',
      'date_achieved',
      'type',
    ];
    return differs(before, after, columns) ? 'record_changed' : null;
  }
  if (before?.verification !== 'verified' || before.status === 'terminated') return null;
  if (action === 'delete') return 'record_deleted';
  if (after?.status === 'terminated') return 'record_ended';
  if (after?.verification !== 'verified') return 'record_unverified';
  return differs(before, after, ['user_id', 'position_id', 'tenure_year']) ? 'record_changed' : null;
}

/**
 * The first ending the audit log holds after the credential was signed: privileged changes made
 * before the database kept record endings (the audit log has kept them longer).
 */
async function auditedEndingOf(db: Reader, s: LegacyStatement): Promise<Ending | null> {
  const lines = await db
    .select({
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectId, s.recordId),
        eq(auditLog.subjectType, s.kind === 'achievement' ? 'achievements' : 'position_holders'),
        gte(auditLog.createdAt, s.issuedAt),
        inArray(auditLog.action, ['update', 'delete']),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(200);
  for (const line of lines) {
    const reason = endingOfChange(s.kind, line.action, line.before as Row, line.after as Row);
    if (reason) return { reason, at: line.at };
  }
  return null;
}

/** The record as it is now against what the credential states: for endings nobody recorded. */
async function liveEndingOf(db: Reader, s: LegacyStatement): Promise<Ending | null> {
  // A decline dates the ending only when it came after the credential (an older one was undone since).
  const declined = (at: Date | null) => (at && at >= s.issuedAt ? at : null);
  const changed = (holderNow: string) =>
    s.holderId !== null && holderNow !== s.holderId
      ? ({ reason: 'record_changed', at: null } as const)
      : null;
  if (s.kind === 'achievement') {
    const [row] = await db
      .select({
        userId: achievements.userId,
        title: achievements.title,
        description: achievements.description,
        position: achievements.position,
        category: achievements.category,
        level: achievements.level,
        dateAchieved: achievements.dateAchieved,
        verified: achievements.verified,
        declinedAt: achievements.declinedAt,
      })
      .from(achievements)
      .where(eq(achievements.id, s.recordId));
    if (!row) return { reason: 'record_deleted', at: null };
    if (!row.verified) return { reason: 'record_unverified', at: declined(row.declinedAt) };
    const restated =
      row.title !== s.name ||
      (s.description !== null && achievementDescriptionOf(row) !== s.description);
    return changed(row.userId) ?? (restated ? { reason: 'record_changed', at: null } : null);
  }
  const [row] = await db
    .select({
      userId: positionHolders.userId,
      tenureYear: positionHolders.tenureYear,
      status: positionHolders.status,
      verification: positionHolders.verification,
      declinedAt: positionHolders.declinedAt,
    })
    .from(positionHolders)
    .where(eq(positionHolders.id, s.recordId));
  if (!row) return { reason: 'record_deleted', at: null };
  if (row.status === 'terminated') return { reason: 'record_ended', at: null };
  if (row.verification !== 'verified')
    return { reason: 'record_unverified', at: declined(row.declinedAt) };
  const tenure = statedTenureOf(s.description);
  const moved = tenure !== null && tenure !== row.tenureYear;
  return changed(row.userId) ?? (moved ? { reason: 'record_changed', at: null } : null);
}

/**
 * Whether a credential signed before status lists still stands: null while its record stands as
 * it stated it, else the first ending the portal recorded (a withdrawal, the database's record of
 * endings, the audit log), and failing those the record's state now, undated.
 */
export async function legacyRevocationOf(db: Reader, s: LegacyStatement): Promise<Ending | null> {
  const recorded = await Promise.all([
    withdrawalOf(db, s),
    recordEndingOf(db, s),
    auditedEndingOf(db, s),
  ]);
  const first = recorded
    .filter((ending): ending is Ending & { at: Date } => ending?.at != null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return first ?? liveEndingOf(db, s);
}
