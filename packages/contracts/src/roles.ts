/**
 * The seven roles of the portal (spec section 6), and the institute administrator (ADMIN, the
 * student-affairs office's staff; deviation 60), who is not a student.
 */
export const ROLES = [
  'STUDENT',
  'GENSEC_SCITECH',
  'GENSEC_ACADEMIC',
  'GENSEC_CULTURAL',
  'GENSEC_SPORTS',
  'PRESIDENT',
  'CLUB_COORDINATOR',
  'ADMIN',
] as const;

export type Role = (typeof ROLES)[number];

const GENSEC_ROLES = [
  'GENSEC_SCITECH',
  'GENSEC_ACADEMIC',
  'GENSEC_CULTURAL',
  'GENSEC_SPORTS',
] as const satisfies readonly Role[];

/** Officials: the four general secretaries and the president. */
export const OFFICIAL_ROLES = [...GENSEC_ROLES, 'PRESIDENT'] as const satisfies readonly Role[];

/**
 * The offices one person holds at a time: the president and each general secretary. The database
 * keeps two accounts from holding one at once (users_single_seat_role_key; decision 0017).
 */
export const SINGLE_SEAT_ROLES: readonly Role[] = [...GENSEC_ROLES, 'PRESIDENT'];

/** Everyone with a student record: every role but the institute administrator, who keeps none (deviation 60). */
export const RECORD_HOLDER_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'ADMIN');

/** Any value that is not a known role is treated as STUDENT (spec section 6). */
export function normalizeRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
    ? (value as Role)
    : 'STUDENT';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const LANDING: Record<Role, string> = {
  STUDENT: '/home',
  GENSEC_SCITECH: '/gensec-tech',
  GENSEC_ACADEMIC: '/gensec-acad',
  GENSEC_CULTURAL: '/gensec-cult',
  GENSEC_SPORTS: '/gensec-sport',
  PRESIDENT: '/president-dashboard',
  CLUB_COORDINATOR: '/club-dashboard',
  ADMIN: '/admin',
};

/**
 * The page a user lands on after sign-in: proving the e-mail comes first, then onboarding for
 * students who have not finished it.
 */
export function landingRouteFor(user: {
  role: string;
  onboardingComplete: boolean;
  emailVerified: boolean;
}): string {
  if (!user.emailVerified) return '/verify-email';
  const role = normalizeRole(user.role);
  if (role === 'STUDENT' && !user.onboardingComplete) return '/onboarding';
  return LANDING[role];
}

/** Roles other than STUDENT count as onboarded (spec section 4). */
export function isOnboarded(user: { role: string; onboardingComplete: boolean }): boolean {
  return normalizeRole(user.role) !== 'STUDENT' || user.onboardingComplete;
}
