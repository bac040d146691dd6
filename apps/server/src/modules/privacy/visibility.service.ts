import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { normalizeRole, OFFICIAL_ROLES, type Role } from '@cosa/contracts';

/*
 * Who may see what of a person (decision 0041), written once: every response and export that
 * carries a person asks these functions, or puts these conditions in its SQL.
 *
 * - Personal details (e-mail, username, student id, mobile, gender, date of birth, hostel and
 *   room, CGPA): the person and the administrator. Officials read the CGPA for eligibility checks
 *   without showing it.
 * - The photo and public links: the officials, club coordinators and the administrator always;
 *   other students only when the person chose to show them (or has not chosen).
 * - Lists of people other students browse (people search, the pickers, clubs' member
 *   directories): a person who chose not to be listed is left out for other students.
 */

/** The signed-in user reading a response. */
export type Viewer = { id: string; role: string };

/** The person's choice to show their photo and links, as stored; null when they have not chosen (shown, as before). */
export type Choices = { showProfile: boolean } | null;

/** The officials, club coordinators and the administrator: they appoint, review and check in. */
const OVERSEERS: ReadonlySet<Role> = new Set<Role>([...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN']);

/** Whether the viewer is an official, a club coordinator or the administrator, whom a student's choices do not bind. */
export const oversees = (viewer: Pick<Viewer, 'role'>): boolean =>
  OVERSEERS.has(normalizeRole(viewer.role));

/** Whether the viewer sees the subject's personal details: the person and the administrator. */
export const seesPersonalDetails = (viewer: Viewer, subjectId: string): boolean =>
  viewer.id === subjectId || normalizeRole(viewer.role) === 'ADMIN';

/**
 * Whether the viewer sees other people's usernames and student ids where a list or picker names
 * people to act on: the officials, the club coordinators and the administrator.
 */
export const seesIdentifiers = (viewer: Pick<Viewer, 'role'>): boolean => oversees(viewer);

/** Whether the viewer sees the subject's photo and public links, given the subject's choices. */
export const seesProfileOf = (viewer: Viewer, subjectId: string, choices: Choices): boolean =>
  viewer.id === subjectId || oversees(viewer) || (choices?.showProfile ?? true);

/**
 * An SQL condition on a query whose person is `userId` (a column): true where the viewer sees the
 * person's photo and links. One index read of privacy_choices by its primary key.
 */
export function profileShownTo(viewer: Viewer, userId: AnyColumn | SQL): SQL {
  if (oversees(viewer)) return sql`true`;
  return sql`(${userId} = ${viewer.id}::uuid or not exists (select 1 from privacy_choices pc
    where pc.user_id = ${userId} and not pc.show_profile))`;
}

/**
 * An SQL condition on a list of people whose person is `userId` (a column): true where the person
 * appears in the list for the viewer. Undefined (no condition) for a viewer whom choices do not
 * bind; for a student, everyone but those who chose not to be listed, and the viewer themselves.
 */
export function listedFor(viewer: Viewer, userId: AnyColumn | SQL): SQL | undefined {
  if (oversees(viewer)) return undefined;
  return sql`(${userId} = ${viewer.id}::uuid or not exists (select 1 from privacy_choices pc
    where pc.user_id = ${userId} and not pc.listed))`;
}
