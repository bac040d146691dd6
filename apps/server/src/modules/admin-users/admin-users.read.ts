import { and, asc, eq, ilike, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_STATE_LABELS,
  ROLE_LABELS,
  ACCOUNT_STATES,
  ADMIN_USER_MESSAGES,
  normalizeRole,
  ROLES,
  type AccountState,
  type AdminSummary,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserExportQuery,
  type AdminUserList,
  type AdminUserListQuery,
  type Role,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  auditLog,
  factCorrections,
  orgUnits,
  rooms,
  sessions,
  skills,
  studentIdConflicts,
  studentProfiles,
  tallies,
  users,
} from '../../db/schema/index';
import { accountsTally, tallyOf } from '../../db/tallies';
import { AppError } from '../../lib/app-error';
import { EXPORT_PAGE_SIZE, type CsvColumn, type PageReader } from '../../lib/csv-export';
import { containsPattern, prefixPattern } from '../../lib/search';
import { accountState } from './admin-users.policy';

const unclaimed = and(
  isNotNull(users.importedAt),
  isNull(users.passwordHash),
  isNull(users.googleSubject),
);

/** The SQL of each state, partitioning the accounts as accountState() does. */
const STATE_CONDITIONS: Record<AccountState, SQL> = {
  deactivated: isNotNull(users.deactivatedAt),
  unclaimed: and(isNull(users.deactivatedAt), unclaimed)!,
  unverified: and(
    isNull(users.deactivatedAt),
    sql`not coalesce(${unclaimed}, false)`,
    isNull(users.emailVerifiedAt),
  )!,
  active: and(
    isNull(users.deactivatedAt),
    sql`not coalesce(${unclaimed}, false)`,
    isNotNull(users.emailVerifiedAt),
  )!,
};

/**
 * The list's filters. Digits are the start of a student id (a btree prefix search); any other text
 * is part of a name or username (the search key's trigram index) or of an e-mail (its own).
 */
function filtersOf(query: AdminUserExportQuery): SQL | undefined {
  const q = query.q ?? '';
  const search = !q
    ? undefined
    : /^\d+$/.test(q)
      ? like(users.studentId, prefixPattern(q))
      : or(
          like(users.searchKey, sql`lower(${containsPattern(q)})`),
          ilike(users.email, containsPattern(q)),
        );
  return and(
    search,
    query.role ? eq(users.role, query.role) : undefined,
    query.state ? STATE_CONDITIONS[query.state] : undefined,
  );
}

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  studentId: users.studentId,
  role: users.role,
  clubId: orgUnits.id,
  clubName: orgUnits.name,
  emailVerifiedAt: users.emailVerifiedAt,
  deactivatedAt: users.deactivatedAt,
  importedAt: users.importedAt,
  createdAt: users.createdAt,
  // Whether a credential exists, never the credential.
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  hasGoogle: sql<boolean>`${users.googleSubject} is not null`,
};

function rowQuery(db: Database) {
  return db.select(rowColumns).from(users).leftJoin(orgUnits, eq(orgUnits.id, users.clubUnitId));
}

type Row = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

const toUser = (row: Row): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  username: row.username,
  studentId: row.studentId,
  role: normalizeRole(row.role),
  club: row.clubId && row.clubName ? { id: row.clubId, name: row.clubName } : null,
  state: accountState(row),
  emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** /admin/users: searched, filtered and paged on the server, by name (then id, so pages never overlap). */
export async function listAdminUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const where = filtersOf(query);
  // Without a search the totals are sums of the account tallies; a search counts its matches.
  const matching = query.q
    ? sql<number>`(select count(*) from ${users} where ${where})::int`
    : tallyOf(accountKeys(query));
  const [rows, counts] = await Promise.all([
    rowQuery(db)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.execute(sql`select ${matching} as "total", ${tallyOf(accountKeys({}))} as "overall"`),
  ]);
  const { total, overall } = rowsOf<{ total: number | string; overall: number | string }>(counts)[0]!;
  return {
    items: rows.map(toUser),
    total: Number(total),
    overall: Number(overall),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const COLUMNS: readonly CsvColumn<AdminUser>[] = [
  { header: 'Name', value: (user) => user.name },
  { header: 'E-mail', value: (user) => user.email },
  { header: 'Username', value: (user) => user.username },
  { header: 'Student ID', value: (user) => user.studentId },
  { header: 'Role', value: (user) => ROLE_LABELS[user.role] },
  { header: 'Club', value: (user) => user.club?.name },
  { header: 'State', value: (user) => ACCOUNT_STATE_LABELS[user.state] },
  {
    header: 'E-mail verified at',
    value: (user) => (user.emailVerifiedAt ? new Date(user.emailVerifiedAt) : null),
  },
  { header: 'Created at', value: (user) => new Date(user.createdAt) },
];

/** The users list as CSV, with the list's filters: pages of EXPORT_PAGE_SIZE after the last (name, id) written. */
export function adminUsersExport(
  db: Database,
  query: AdminUserExportQuery,
): { read: PageReader<AdminUser>; columns: readonly CsvColumn<AdminUser>[] } {
  const where = filtersOf(query);
  const read: PageReader<AdminUser> = async (last) => {
    const after = last
      ? sql`(${users.name}, ${users.id}) > (${last.name}, ${last.id}::uuid)`
      : undefined;
    const rows = await rowQuery(db)
      .where(and(where, after))
      .orderBy(asc(users.name), asc(users.id))
      .limit(EXPORT_PAGE_SIZE);
    return rows.map(toUser);
  };
  return { read, columns: COLUMNS };
}

/** The accounts the users CSV with these filters carries, as a query of one column (user_id): whose details it exports. */
export const adminUsersExportSubjects = (query: AdminUserExportQuery): SQL =>
  sql`select ${users.id} as user_id from ${users} where ${filtersOf(query) ?? sql`true`}`;

/** The account of /admin/users/:id as a query of one column (user_id): nobody for an unknown id. */
export const adminUserSubject = (id: string): SQL =>
  sql`select ${users.id} as user_id from ${users} where ${users.id} = ${id}`;

/** One user for /admin/users/:id: the row, the profile's basics, the live sessions and the newest sign-in still kept; 404 when none. */
export async function getAdminUser(
  db: Database,
  id: string,
  now = new Date(),
): Promise<AdminUserDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      onboardingComplete: users.onboardingComplete,
      program: studentProfiles.program,
      branch: studentProfiles.branch,
      batchYear: studentProfiles.batchYear,
      currentYear: studentProfiles.currentYear,
      hasProfile: sql<boolean>`${studentProfiles.userId} is not null`,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > ${now})`,
      lastSignInAt:
        sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
          sessions.createdAt,
        ),
    })
    .from(users)
    .leftJoin(orgUnits, eq(orgUnits.id, users.clubUnitId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  return {
    ...toUser(row),
    onboardingComplete: row.onboardingComplete,
    importedAt: row.importedAt?.toISOString() ?? null,
    signIn: { password: row.hasPassword, google: row.hasGoogle },
    profile: row.hasProfile
      ? {
          program: row.program,
          branch: row.branch,
          batchYear: row.batchYear,
          currentYear: row.currentYear,
        }
      : null,
    activeSessions: row.activeSessions,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

type Tallies = {
  units: number;
  clubs: number;
  rooms: number;
  skills: number;
  awaiting: number;
  audit: number;
  corrections: number;
  conflicts: number;
};

/** The account tallies a role and state filter of the user list counts: every pair when neither is named. */
function accountKeys(filter: { role?: Role; state?: AccountState }): string[] {
  const roles = filter.role ? [filter.role] : ROLES;
  const states = filter.state ? [filter.state] : ACCOUNT_STATES;
  return roles.flatMap((role) => states.map((state) => accountsTally(role, state)));
}

/**
 * The counts of the /admin overview in one statement: the accounts by role and state from their
 * tallies (migration 'account_tallies'), and small counts over the catalogue tables (units, rooms
 * and skills are hundreds of rows; the audit lines of a week through their time index).
 */
export async function adminSummary(db: Database, now = new Date()): Promise<AdminSummary> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const result = await db.execute(sql`select
      (select coalesce(json_object_agg(${tallies.key}, ${tallies.n}), '{}') from ${tallies} where ${inArray(tallies.key, accountKeys({}))}) as "accounts",
      (select count(*) from ${orgUnits} where ${orgUnits.retiredAt} is null)::int as "units",
      (select count(*) from ${orgUnits} where ${orgUnits.retiredAt} is null and ${orgUnits.type} = 'club')::int as "clubs",
      (select count(*) from ${rooms} where ${rooms.retiredAt} is null)::int as "rooms",
      (select count(*) from ${skills} where ${skills.retiredAt} is null)::int as "skills",
      (select count(*) from ${skills} where ${skills.retiredAt} is null and not ${skills.isEndorsed} and ${skills.declinedAt} is null)::int as "awaiting",
      (select count(*) from ${auditLog} where ${auditLog.createdAt} > ${weekAgo})::int as "audit",
      (select count(*) from ${factCorrections} where ${factCorrections.status} = 'open')::int as "corrections",
      (select count(*) from ${studentIdConflicts} where ${studentIdConflicts.settledAt} is null)::int as "conflicts"`);
  const row = rowsOf<Tallies & { accounts: Record<string, number | string> | string }>(result)[0]!;
  const accounts =
    typeof row.accounts === 'string'
      ? (JSON.parse(row.accounts) as Record<string, number | string>)
      : row.accounts;
  const countOf = (role: Role, state: AccountState) => Number(accounts[accountsTally(role, state)] ?? 0);
  const byRole = Object.fromEntries(ROLES.map((role) => [role, 0])) as Record<Role, number>;
  const users_ = { byRole, total: 0, deactivated: 0, unverified: 0, unclaimed: 0 };
  for (const role of ROLES) {
    for (const state of ACCOUNT_STATES) {
      const n = countOf(role, state);
      users_.total += n;
      // A role's count is its accounts not deactivated, as the overview has always shown it.
      if (state !== 'deactivated') byRole[role] += n;
      if (state !== 'active') users_[state] += n;
    }
  }
  return {
    users: users_,
    units: { total: row.units, clubs: row.clubs },
    rooms: row.rooms,
    skills: { total: row.skills, awaitingReview: row.awaiting },
    auditLastWeek: row.audit,
    identity: { openCorrections: row.corrections, openIdConflicts: row.conflicts },
  };
}
