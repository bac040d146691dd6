import { normalizeRole, OFFICIAL_ROLES, type Role } from '@cosa/contracts';

/*
 * Who sees what of a person on /people/{id} (decision 0026). Every rule about another person's
 * page is here, so a later choice of the student's (what other students see) changes one place:
 * `recordFor`.
 */

/** The signed-in user opening the page. */
export type Viewer = { id: string; role: string };

/** The account the page is about, with the facts that decide whether it has a page at all. */
export type Subject = {
  id: string;
  role: string;
  emailVerified: boolean;
  onboardingComplete: boolean;
  deactivated: boolean;
};

/** The parts of the page the viewer may see; the name, photo and role label are always shown. */
export type PersonView = {
  /** Program, discipline and admission year (a student's only). */
  academic: boolean;
  /**
   * The verified record: verified positions and achievements, endorsed skills, events attended
   * and club memberships.
   */
  record: boolean;
  /** E-mail, username, student id, phone, gender, date of birth, hostel, room and CGPA. */
  personal: boolean;
  /** The person's items waiting in the viewer's own review queues (the service reads which). */
  reviewQueue: boolean;
  /** The link to the administrator's page of the account, and whether it is deactivated. */
  administration: boolean;
};

/** Who reviews a student's items on the endorsement panel: the officials and club coordinators. */
const REVIEWER_ROLES: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR'];

/**
 * Whether the account has a page anyone but the administrator sees: proven, onboarded (a student)
 * and not deactivated, and not the institute administrator, who keeps no record and whom the
 * search does not find either. Any other account answers as an unknown one does, so nobody learns
 * it exists.
 */
const isListed = (subject: Subject): boolean =>
  subject.emailVerified &&
  !subject.deactivated &&
  normalizeRole(subject.role) !== 'ADMIN' &&
  (normalizeRole(subject.role) !== 'STUDENT' || subject.onboardingComplete);

/**
 * What every onboarded viewer sees of someone else: the co-curricular record the portal vouches
 * for, and a student's program, discipline and admission year. Nothing personal.
 */
const recordFor = (subject: Subject): Pick<PersonView, 'academic' | 'record'> => ({
  academic: normalizeRole(subject.role) === 'STUDENT',
  record: true,
});

/**
 * The parts of `subject`'s page `viewer` may see, or null when the viewer may not see the page
 * at all (the route answers 404, the same as for an unknown id). The person and the administrator
 * see everything; an official or club coordinator also sees what of the person awaits their review.
 */
export function personViewOf(viewer: Viewer, subject: Subject): PersonView | null {
  const role = normalizeRole(viewer.role);
  const admin = role === 'ADMIN';
  const own = viewer.id === subject.id;
  if (!admin && !own && !isListed(subject)) return null;
  return {
    ...recordFor(subject),
    personal: own || admin,
    reviewQueue: !own && REVIEWER_ROLES.includes(role),
    administration: admin,
  };
}
