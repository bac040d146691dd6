/** The seven roles of the portal (spec section 6). */
export const ROLES = [
  'STUDENT',
  'GENSEC_SCITECH',
  'GENSEC_ACADEMIC',
  'GENSEC_CULTURAL',
  'GENSEC_SPORTS',
  'PRESIDENT',
  'CLUB_COORDINATOR',
] as const;

export type Role = (typeof ROLES)[number];

export const GENSEC_ROLES = ['GENSEC_SCITECH', 'GENSEC_ACADEMIC', 'GENSEC_CULTURAL', 'GENSEC_SPORTS'] as const satisfies readonly Role[];

/** Officials: the four general secretaries and the president. */
export const OFFICIAL_ROLES = [...GENSEC_ROLES, 'PRESIDENT'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  STUDENT: 'Student',
  GENSEC_SCITECH: 'General Secretary, Science and Technology',
  GENSEC_ACADEMIC: 'General Secretary, Academic Affairs',
  GENSEC_CULTURAL: 'General Secretary, Cultural Affairs',
  GENSEC_SPORTS: 'General Secretary, Sports',
  PRESIDENT: 'President',
  CLUB_COORDINATOR: 'Club Coordinator',
};

/** Any value that is not a known role is treated as STUDENT (spec section 6). */
export function normalizeRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : 'STUDENT';
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
};

/** The page a user lands on after sign-in; onboarding comes first for students who have not finished it. */
export function landingRouteFor(user: { role: string; onboardingComplete: boolean }): string {
  const role = normalizeRole(user.role);
  if (role === 'STUDENT' && !user.onboardingComplete) return '/onboarding';
  return LANDING[role];
}

/** Roles other than STUDENT count as onboarded (spec section 4). */
export function isOnboarded(user: { role: string; onboardingComplete: boolean }): boolean {
  return normalizeRole(user.role) !== 'STUDENT' || user.onboardingComplete;
}

/** The skill type each general secretary endorses (spec section 6). */
export const GENSEC_SKILL_TYPE = {
  GENSEC_SCITECH: 'technical',
  GENSEC_ACADEMIC: 'academic',
  GENSEC_CULTURAL: 'cultural',
  GENSEC_SPORTS: 'sports',
} as const satisfies Record<(typeof GENSEC_ROLES)[number], string>;
