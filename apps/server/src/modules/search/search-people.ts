import { and, asc, desc, eq, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm';
import { ACCOUNT_STATE_LABELS, normalizeRole, ROLE_LABELS } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { studentProfiles, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';
import { detailOf, foundOf, LIMIT, totalColumn, type Found } from './search-text';
import { isStudentIdPrefix, personUrl, seesEveryAccount, type Searcher } from './search.policy';

/**
 * Whom everyone may find: an active account with a proven e-mail that has finished onboarding
 * (officials need none), never the institute administrator, who keeps no record.
 */
const findable = () =>
  and(
    isNotNull(users.emailVerifiedAt),
    isNull(users.deactivatedAt),
    ne(users.role, 'ADMIN'),
    or(ne(users.role, 'STUDENT'), eq(users.onboardingComplete, true)),
  );

type PersonRow = {
  id: string;
  name: string;
  role: string;
  program: string | null;
  batchYear: number | null;
  verified: boolean;
  deactivated: boolean;
  total: number;
};

/** What a result says of a person: the name and, for a student, program and batch; for an official the office. */
function personDetail(row: PersonRow, everyone: boolean): string | null {
  const role = normalizeRole(row.role);
  const about =
    role === 'STUDENT'
      ? detailOf(row.program, row.batchYear === null ? null : `Batch ${row.batchYear}`)
      : ROLE_LABELS[role];
  // Only the administrator is told about accounts nobody else can find.
  const state = !everyone
    ? null
    : row.deactivated
      ? ACCOUNT_STATE_LABELS.deactivated
      : !row.verified
        ? ACCOUNT_STATE_LABELS.unverified
        : null;
  return detailOf(about, state);
}

/**
 * People by name or username (a fragment, or a near miss through trigram word similarity), or by
 * the start of the student id. Nothing else about them: no e-mail, phone, hostel or CGPA.
 */
export async function findPeople(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const everyone = seesEveryAccount(searcher);
  const byId = isStudentIdPrefix(q);
  const match = byId
    ? like(users.studentId, prefixPattern(q))
    : or(
        like(users.searchKey, sql`lower(${containsPattern(q)})`),
        sql`lower(${q}::text) <% ${users.searchKey}`,
      );
  const order = byId
    ? [asc(users.studentId)]
    : [desc(sql`word_similarity(lower(${q}::text), ${users.searchKey})`), asc(users.name)];
  const rows: PersonRow[] = await db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      program: studentProfiles.program,
      batchYear: studentProfiles.batchYear,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      deactivated: sql<boolean>`${users.deactivatedAt} is not null`,
      total: totalColumn,
    })
    .from(users)
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .where(and(everyone ? undefined : findable(), match))
    .orderBy(...order, asc(users.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => ({
    id: row.id,
    label: row.name,
    detail: personDetail(row, everyone),
    url: personUrl(searcher, row.id),
  }));
}
