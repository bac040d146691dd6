import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  currentTenure,
  type JoinRequest,
  type JoinRequestList,
  type Membership,
  type MyMemberships,
  type Roster,
  type RosterEntry,
  type RosterQuery,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubJoinRequests, clubMemberships, orgUnits, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const requestColumns = {
  id: clubJoinRequests.id,
  kind: clubJoinRequests.kind,
  status: clubJoinRequests.status,
  clubId: orgUnits.id,
  clubName: orgUnits.name,
  userId: users.id,
  userName: users.name,
  studentId: users.studentId,
  question: clubJoinRequests.question,
  answer: clubJoinRequests.answer,
  reason: clubJoinRequests.reason,
  createdAt: clubJoinRequests.createdAt,
  decidedAt: clubJoinRequests.decidedAt,
};

const requestQuery = (db: Database) =>
  db
    .select(requestColumns)
    .from(clubJoinRequests)
    .innerJoin(orgUnits, eq(orgUnits.id, clubJoinRequests.unitId))
    .innerJoin(users, eq(users.id, clubJoinRequests.userId));

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

const toRequest = (row: RequestRow): JoinRequest => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  club: { id: row.clubId, name: row.clubName },
  student: { id: row.userId, name: row.userName, studentId: row.studentId },
  question: row.question,
  answer: row.answer,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
});

/** One request or invitation as its student and the coordinator see it. */
export async function readJoinRequest(db: Database, id: string): Promise<JoinRequest | null> {
  const [row] = await requestQuery(db).where(eq(clubJoinRequests.id, id)).limit(1);
  return row ? toRequest(row) : null;
}

/** The most a list of requests shows; a club answers its requests long before this many wait. */
const REQUEST_LIST_LIMIT = 500;

/** A club's requests and invitations of one status, oldest first. */
export async function clubJoinRequestList(
  db: Database,
  unitId: string,
  status: JoinRequest['status'],
): Promise<JoinRequestList> {
  const rows = await requestQuery(db)
    .where(and(eq(clubJoinRequests.unitId, unitId), eq(clubJoinRequests.status, status)))
    .orderBy(asc(clubJoinRequests.createdAt), asc(clubJoinRequests.id))
    .limit(REQUEST_LIST_LIMIT);
  return { items: rows.map(toRequest) };
}

/** A person's invitations from clubs, waiting ones first, then the latest. */
export async function myInvitationList(db: Database, userId: string): Promise<JoinRequestList> {
  const rows = await requestQuery(db)
    .where(and(eq(clubJoinRequests.userId, userId), eq(clubJoinRequests.kind, 'invitation')))
    .orderBy(
      sql`${clubJoinRequests.status} = 'pending' desc`,
      desc(clubJoinRequests.createdAt),
      desc(clubJoinRequests.id),
    )
    .limit(REQUEST_LIST_LIMIT);
  return { items: rows.map(toRequest) };
}

/** A person's memberships, current and past: current ones first, then the latest. */
export async function myMembershipList(db: Database, userId: string): Promise<MyMemberships> {
  const rows = await db
    .select({
      id: clubMemberships.id,
      clubId: orgUnits.id,
      clubName: orgUnits.name,
      role: clubMemberships.role,
      startedAt: clubMemberships.startedAt,
      endedAt: clubMemberships.endedAt,
      endReason: clubMemberships.endReason,
    })
    .from(clubMemberships)
    .innerJoin(orgUnits, eq(orgUnits.id, clubMemberships.unitId))
    .where(eq(clubMemberships.userId, userId))
    .orderBy(sql`${clubMemberships.endedAt} is null desc`, desc(clubMemberships.startedAt))
    .limit(REQUEST_LIST_LIMIT);
  return {
    items: rows.map((row): Membership => ({
      id: row.id,
      club: { id: row.clubId, name: row.clubName },
      role: row.role,
      startedAt: row.startedAt.toISOString(),
      endedAt: iso(row.endedAt),
      endReason: row.endReason,
    })),
  };
}

const rosterColumns = {
  id: clubMemberships.id,
  userId: users.id,
  name: users.name,
  studentId: users.studentId,
  role: clubMemberships.role,
  startedAt: clubMemberships.startedAt,
  endedAt: clubMemberships.endedAt,
  endReason: clubMemberships.endReason,
  // The club's positions the member holds this tenure, verified: shown beside their role.
  offices: sql<string[]>`coalesce((select array_agg(pos.title order by pos.title)
    from position_holders h join positions pos on pos.id = h.position_id
    where h.user_id = ${users.id} and pos.unit_id = ${clubMemberships.unitId}
      and h.tenure_year = ${currentTenure()} and h.status = 'active' and h.verification = 'verified'),
    '{}')`,
};

type RosterRow = {
  id: string;
  userId: string;
  name: string;
  studentId: string | null;
  role: string;
  startedAt: Date;
  endedAt: Date | null;
  endReason: string | null;
  offices: string[];
};

const toRosterEntry = (row: RosterRow): RosterEntry => ({
  id: row.id,
  student: { id: row.userId, name: row.name, studentId: row.studentId },
  role: row.role,
  offices: row.offices,
  startedAt: row.startedAt.toISOString(),
  endedAt: iso(row.endedAt),
  endReason: row.endReason,
});

/** One period of a club's roster; null when the club has no such membership. */
export async function readRosterEntry(
  db: Database,
  unitId: string,
  membershipId: string,
): Promise<RosterEntry | null> {
  const [row] = await db
    .select(rosterColumns)
    .from(clubMemberships)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .where(and(eq(clubMemberships.id, membershipId), eq(clubMemberships.unitId, unitId)))
    .limit(1);
  return row ? toRosterEntry(row) : null;
}

const periodsOf = (status: RosterQuery['status']): SQL | undefined =>
  status === 'current'
    ? isNull(clubMemberships.endedAt)
    : status === 'past'
      ? isNotNull(clubMemberships.endedAt)
      : undefined;

/**
 * A club's roster, one page: its current members, its past ones, or both; searched by name or by
 * the start of a student ID; by name, then the latest period first. `overall` counts the periods
 * of the status without the search.
 */
export async function clubRoster(db: Database, unitId: string, query: RosterQuery): Promise<Roster> {
  const { inStatus, where } = rosterFilters(unitId, query);
  const [items, [counted], [overall]] = await Promise.all([
    rosterPage(db, where, query.pageSize, (query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(clubMemberships)
      .innerJoin(users, eq(users.id, clubMemberships.userId))
      .where(where),
    db.select({ n: count() }).from(clubMemberships).where(inStatus),
  ]);
  return {
    items,
    total: counted!.n,
    overall: overall!.n,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The roster's conditions: the club's periods of the status, and those the search keeps. */
export function rosterFilters(unitId: string, query: Pick<RosterQuery, 'q' | 'status'>) {
  const inStatus = and(eq(clubMemberships.unitId, unitId), periodsOf(query.status));
  const search = query.q
    ? or(ilike(users.name, containsPattern(query.q)), ilike(users.studentId, prefixPattern(query.q)))
    : undefined;
  return { inStatus, where: and(inStatus, search) };
}

/** Roster entries in the roster's order (by name, then the latest period first), a page of them. */
export async function rosterPage(
  db: Database,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<RosterEntry[]> {
  const rows = await db
    .select(rosterColumns)
    .from(clubMemberships)
    .innerJoin(users, eq(users.id, clubMemberships.userId))
    .where(where)
    .orderBy(asc(users.name), desc(clubMemberships.startedAt), asc(clubMemberships.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toRosterEntry);
}
