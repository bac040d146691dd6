import { and, asc, desc, eq, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm';
import { ACCOUNT_STATE_LABELS, normalizeRole, ROLE_LABELS, SEARCH_COUNT_LIMIT } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { studentProfiles, users } from '../../db/schema/index';
import { containsPattern, prefixPattern } from '../../lib/search';
import { listedFor } from '../privacy/visibility.service';
import { closeTo, detailOf, foundOf, LIMIT, totalColumn, type Found } from './search-text';
import {
  isStudentIdPrefix,
  personUrl,
  seesEveryAccount,
  seesIdsAndUsernames,
  type Searcher,
} from './search.policy';

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
 * How many people a search reads before ranking them. A fragment that at most this many match (a
 * name, a surname shared by a few hundred, a student id's start) is ranked over all of them and
 * counted exactly; a broad one ('sha' is in thousands of names) is ranked over the first matches
 * the index gives and counted as SEARCH_COUNT_LIMIT, shown as "300+": typing more narrows it.
 */
const CANDIDATES = SEARCH_COUNT_LIMIT;

/**
 * People by name (a fragment, or from four letters a near miss through trigram word similarity)
 * or by student id. The administrator and the officials, who see students' ids and usernames on
 * their panels, also find them by a fragment of the username and the start of the student id;
 * anyone else by the whole username or the whole student id only, so that a run of searches
 * cannot spell out, a digit at a time, whose id or e-mail is whose. Nothing else about them is
 * sent: no e-mail, phone, hostel, CGPA or student id.
 */
export async function findPeople(db: Database, searcher: Searcher, q: string): Promise<Found> {
  const everyone = seesEveryAccount(searcher);
  const byId = isStudentIdPrefix(q);
  const lower = q.toLowerCase();
  const fragment = like(users.searchKey, sql`lower(${containsPattern(q)})`);
  const near = closeTo(lower, users.searchKey);
  const match = seesIdsAndUsernames(searcher)
    ? byId
      ? like(users.studentId, prefixPattern(q))
      : or(fragment, near)
    : byId
      ? eq(users.studentId, q)
      : // The search key's index finds the candidates; the name alone must hold the text.
        or(
          and(fragment, sql`lower(${users.name}) like lower(${containsPattern(q)})`),
          and(near, sql`${lower}::text <% lower(${users.name})`),
          eq(users.username, lower),
        );
  const candidates = db
    .select({ id: users.id, key: users.searchKey, studentId: users.studentId })
    .from(users)
    // A student who chose not to be listed is found by the officials, coordinators and the administrator only.
    .where(and(everyone ? undefined : findable(), listedFor(searcher, users.id), match))
    .limit(CANDIDATES)
    .as('candidates');
  const order = byId
    ? [asc(candidates.studentId)]
    : [desc(sql`word_similarity(lower(${q}::text), ${candidates.key})`), asc(users.name)];
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
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.id))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .orderBy(...order, asc(users.id))
    .limit(LIMIT);
  return foundOf(rows, (row) => ({
    id: row.id,
    label: row.name,
    detail: personDetail(row, everyone),
    url: personUrl(searcher, row.id),
  }));
}
