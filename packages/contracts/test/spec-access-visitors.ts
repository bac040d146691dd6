/**
 * Who gets what on every page and API route, typed by hand from the spec (section 2 "Access
 * classes", section 6 "Roles and permissions") and the API decisions of design section 4.
 * Tests compare the server and the web guards against it, so it must never be computed from
 * PAGE_ACCESS, API_ACCESS or decideAccess: a wrong declaration there has to show up as a mismatch.
 *
 * A row holds one outcome per visitor, in the order of VISITORS:
 *   allow    the page shows / the API answers (anything but 401 or 403)
 *   login    sent to /login / 401 UNAUTHENTICATED
 *   verify   sent to /verify-email / 403 EMAIL_VERIFICATION_REQUIRED
 *   onboard  sent to /onboarding / 403 ONBOARDING_REQUIRED
 *   forbid   sent to /unauthorised / 403 FORBIDDEN
 *   home     sent to / / 403 ALREADY_SIGNED_IN (pages for signed-out visitors only)
 */

const OUTCOMES = ['allow', 'login', 'verify', 'onboard', 'forbid', 'home'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A visitor of the tables; role is null for a signed-out visitor. */
export type Visitor = {
  key: string;
  label: string;
  role:
    | 'STUDENT'
    | 'GENSEC_SCITECH'
    | 'GENSEC_ACADEMIC'
    | 'GENSEC_CULTURAL'
    | 'GENSEC_SPORTS'
    | 'PRESIDENT'
    | 'CLUB_COORDINATOR'
    | 'ADMIN'
    | null;
  emailVerified: boolean;
  onboardingComplete: boolean;
};

/**
 * The columns of every row. The officials have not completed onboarding: roles other than
 * STUDENT count as onboarded, and these rows must show it.
 */
export const VISITORS: readonly Visitor[] = [
  { key: 'out', label: 'signed out', role: null, emailVerified: false, onboardingComplete: false },
  {
    key: 'unverified',
    label: 'student with an unproven e-mail',
    role: 'STUDENT',
    emailVerified: false,
    onboardingComplete: false,
  },
  {
    key: 'new',
    label: 'verified student, not onboarded',
    role: 'STUDENT',
    emailVerified: true,
    onboardingComplete: false,
  },
  {
    key: 'student',
    label: 'onboarded student',
    role: 'STUDENT',
    emailVerified: true,
    onboardingComplete: true,
  },
  {
    key: 'tech',
    label: 'GENSEC_SCITECH',
    role: 'GENSEC_SCITECH',
    emailVerified: true,
    onboardingComplete: false,
  },
  {
    key: 'acad',
    label: 'GENSEC_ACADEMIC',
    role: 'GENSEC_ACADEMIC',
    emailVerified: true,
    onboardingComplete: false,
  },
  {
    key: 'cult',
    label: 'GENSEC_CULTURAL',
    role: 'GENSEC_CULTURAL',
    emailVerified: true,
    onboardingComplete: false,
  },
  {
    key: 'sport',
    label: 'GENSEC_SPORTS',
    role: 'GENSEC_SPORTS',
    emailVerified: true,
    onboardingComplete: false,
  },
  { key: 'pres', label: 'PRESIDENT', role: 'PRESIDENT', emailVerified: true, onboardingComplete: false },
  {
    key: 'club',
    label: 'CLUB_COORDINATOR',
    role: 'CLUB_COORDINATOR',
    emailVerified: true,
    onboardingComplete: false,
  },
  {
    key: 'admin',
    label: 'ADMIN (institute administrator, deviation 60)',
    role: 'ADMIN',
    emailVerified: true,
    onboardingComplete: false,
  },
];

/** The outcome of each visitor (by VISITORS key) in one row; throws on a row that is not eleven known outcomes. */
export function outcomesOf(row: string): Record<string, Outcome> {
  const words = row.trim().split(/\s+/);
  if (words.length !== VISITORS.length)
    throw new Error(`"${row}" has ${words.length} outcomes, not ${VISITORS.length}`);
  return Object.fromEntries(
    VISITORS.map((visitor, index) => {
      const word = words[index] as string;
      if (!(OUTCOMES as readonly string[]).includes(word))
        throw new Error(`"${word}" in "${row}" is not one of ${OUTCOMES.join(', ')}`);
      return [visitor.key, word as Outcome];
    }),
  );
}
