import { normalizeRole, OFFICIAL_ROLES, type SearchKind } from '@cosa/contracts';

/** Who is searching: the session's account. */
export type Searcher = { id: string; role: string };

/**
 * The words of a search as a prefix query for to_tsquery('simple', ...): each run of letters or
 * digits, lower-cased, matched as the start of a word ('robo clu' finds 'Robotics Club'). Built
 * from letters and digits only, so no character of the text can change the query's syntax; null
 * when the text has no word at all.
 */
export function prefixQueryOf(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** A search of digits only is the start of a student id. */
export const isStudentIdPrefix = (q: string): boolean => /^\d+$/.test(q);

/** The administrator finds every account (unproven, deactivated ones too) and opens them in the administration. */
export const seesEveryAccount = (searcher: Searcher): boolean =>
  normalizeRole(searcher.role) === 'ADMIN';

const isOfficial = (role: string) => (OFFICIAL_ROLES as readonly string[]).includes(normalizeRole(role));

/**
 * Who finds people by a fragment of their username or the start of their student id: the
 * administrator and the officials, who see both on their panels and desks.
 */
export const seesIdsAndUsernames = (searcher: Searcher): boolean =>
  seesEveryAccount(searcher) || isOfficial(searcher.role);

/**
 * The endorsement panel's reviewers: the officials, and club coordinators for their club's members.
 * The same people resolve feedback (the officials all of it, a coordinator their club's).
 */
const reviews = (searcher: Searcher): boolean =>
  isOfficial(searcher.role) || normalizeRole(searcher.role) === 'CLUB_COORDINATOR';

/** New catalogue skills are reviewed by the officials only (not by club coordinators). */
export const reviewsCatalogue = (searcher: Searcher): boolean => isOfficial(searcher.role);

/** Room requests wait for the president alone. */
const decidesBookings = (searcher: Searcher): boolean => normalizeRole(searcher.role) === 'PRESIDENT';

/** The kinds a searcher's results may hold. */
export function kindsFor(searcher: Searcher): SearchKind[] {
  const kinds: SearchKind[] = ['people', 'units', 'events', 'positions', 'announcements'];
  if (reviews(searcher)) kinds.push('reviews', 'feedback');
  if (decidesBookings(searcher)) kinds.push('bookings');
  return kinds;
}

/** Where a person found opens: their page, or for the administrator the account's administration page. */
export const personUrl = (searcher: Searcher, id: string): string =>
  seesEveryAccount(searcher) ? `/admin/users/${id}` : `/people/${id}`;

/** A club or unit opens its events for everyone; the administrator opens the units' administration. */
export const unitUrl = (searcher: Searcher, id: string): string =>
  seesEveryAccount(searcher) ? '/admin/units' : `/events?unitId=${id}`;

/** A position opens where the searcher manages positions, else in the council's directory. */
export function positionUrl(searcher: Searcher): string {
  const role = normalizeRole(searcher.role);
  if (role === 'ADMIN') return '/admin/positions';
  if (isOfficial(role) || role === 'CLUB_COORDINATOR') return '/cosa';
  return '/council';
}
