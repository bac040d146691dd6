import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { JoinRequest, JoinRequestList, Membership, MyMemberships } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { clubJoinRequests, clubMemberships, orgUnits, users } from '../../db/schema/index';

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
