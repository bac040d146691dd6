import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MembershipRecord, TranscriptMembership } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubMemberships, orgUnits } from '../../db/schema/index';

/*
 * Club memberships on a person's record: what the profile, a person's page and the transcript show
 * of them. Each period is the club's own record (its coordinator accepted the person, or the person
 * accepted its invitation), so it needs no official's check.
 */

type Reader = Pick<Database, 'select'>;

/** Far more periods than anyone has: a bound on one answer's work. */
const RECORD_MAX = 500;

const periodColumns = {
  id: clubMemberships.id,
  clubId: orgUnits.id,
  club: orgUnits.name,
  role: clubMemberships.role,
  startedAt: clubMemberships.startedAt,
  endedAt: clubMemberships.endedAt,
};

/** Current memberships first, then past ones, the latest first. */
const periodsOf = (db: Reader, userId: string, ids?: string[]) =>
  db
    .select(periodColumns)
    .from(clubMemberships)
    .innerJoin(orgUnits, eq(orgUnits.id, clubMemberships.unitId))
    .where(and(eq(clubMemberships.userId, userId), ids ? inArray(clubMemberships.id, ids) : undefined))
    .orderBy(
      sql`${clubMemberships.endedAt} is null desc`,
      desc(clubMemberships.startedAt),
      asc(clubMemberships.id),
    )
    .limit(RECORD_MAX);

/** The person's club memberships, current and past, as their record shows them (never why one ended). */
export async function membershipRecordOf(db: Reader, userId: string): Promise<MembershipRecord[]> {
  const rows = await periodsOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    club: { id: row.clubId, name: row.club },
    role: row.role,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}

/**
 * The student's membership periods as a transcript shows them; `ids` narrows them to the chosen
 * ones (another person's period is not found).
 */
export async function membershipsOnRecord(
  db: Reader,
  userId: string,
  ids?: string[],
): Promise<TranscriptMembership[]> {
  const rows = await periodsOf(db, userId, ids);
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}

/** The membership periods of `ids` as they stand now, whoever holds them: to judge issued items by. */
export async function membershipsNow(
  db: Reader,
  ids: string[],
): Promise<{ id: string; userId: string; unitId: string; startedAt: Date; endedAt: Date | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: clubMemberships.id,
      userId: clubMemberships.userId,
      unitId: clubMemberships.unitId,
      startedAt: clubMemberships.startedAt,
      endedAt: clubMemberships.endedAt,
    })
    .from(clubMemberships)
    .where(inArray(clubMemberships.id, ids));
}
