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

/** Every page of the web app. */
export const SPEC_PAGE_ACCESS: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  '/login': 'allow  home       home    home    home    home    home    home    home    home    home',
  '/register': 'allow  home       home    home    home    home    home    home    home    home    home',
  '/forgot-password':
    'allow  home       home    home    home    home    home    home    home    home    home',
  '/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  '/google-unavailable':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/unauthorised':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify-email/:token':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify-email':
    'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/': 'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/logout': 'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/onboarding':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/home': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/profile': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/feedback': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/add-achievement':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/view-achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/manage-position':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/skills': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/council': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/viewfeedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id/edit':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  '/gensec-tech':
    'login  verify     onboard forbid  allow   forbid  forbid  forbid  forbid  forbid  forbid',
  '/gensec-acad':
    'login  verify     onboard forbid  forbid  allow   forbid  forbid  forbid  forbid  forbid',
  '/gensec-cult':
    'login  verify     onboard forbid  forbid  forbid  allow   forbid  forbid  forbid  forbid',
  '/gensec-sport':
    'login  verify     onboard forbid  forbid  forbid  forbid  allow   forbid  forbid  forbid',
  '/gensec-endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/roombooking':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  '/cosa': 'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/cosa/create':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/add-event':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/president-approval':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  '/president-dashboard':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  '/club-dashboard':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  // The co-curricular transcript: anyone with a record; its verification pages: anyone at all.
  '/transcript':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify': 'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify/:id':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // Administration (deviation 60): the institute administrator only.
  '/admin': 'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/users':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/users/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/units':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/rooms':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/skills':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/audit':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/notifications':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/notifications/settings':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/unsubscribe':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/admin/import':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
};

/** Every API route except the documentation page and its assets (`/api/docs*`). */
export const SPEC_API_ACCESS: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  'GET /api/health':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/config':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/openapi.json':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/session':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/login':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/logout':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/google':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/google/callback':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/verify-email':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/register':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/forgot-password':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'GET /api/auth/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/verify-email/resend':
    'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/dashboard':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/profile':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/me/profile':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/me/photo':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/photo':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/photos/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/skills/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/feedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/users':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/events':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/units':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/officials':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/council/summary':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/endorsements/user-skills':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/skills':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/endorsements/achievements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/:id/endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/:id/endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/:id/verify':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/positions/:id/verify':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/positions/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/clubs/mine':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'GET /api/feedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/feedback/:id/resolution':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/events':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/events/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/events':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'PUT /api/events/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/events/:id/cancellation':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/rooms':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/rooms/:id/slots':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/room-bookings':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/room-bookings/mine':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/room-bookings/:id/withdrawal':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/room-bookings':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'PATCH /api/room-bookings/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/president/summary':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/activities':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'PUT /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'DELETE /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/positions/:id/retirement':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/position-holders':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/position-holders':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'PUT /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'DELETE /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/directory/office-bearers':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/directory/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/onboarding':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // Transcripts and credentials: a signed-in user's own records; checking them is public.
  'GET /api/me/transcript-records':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/transcripts':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/transcripts':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/transcripts/:id/pdf':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/transcripts/:id/revocation':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/achievements/:id/credential':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/positions/:id/credential':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/verify/transcripts/:id':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/verify/credentials':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/issuer':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/issuer/keys/:kid':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // CSV exports follow the access of their list.
  'GET /api/feedback/export':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/endorsements/achievements/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/user-skills/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/positions/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/position-holders/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/events/export':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/room-bookings/export':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  // Administration (deviation 60): the institute administrator only.
  'GET /api/admin/summary':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/users':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/users/export':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/users/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'PUT /api/admin/users/:id/role':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/users/:id/deactivation':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/users/:id/reactivation':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/users/:id/sign-out':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/units':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/units':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'PATCH /api/admin/units/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/units/:id/retirement':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/units/:id/reinstatement':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/rooms':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/rooms':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'PATCH /api/admin/rooms/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/rooms/:id/retirement':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/rooms/:id/reinstatement':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/skills':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/skills/export':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'PATCH /api/admin/skills/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/skills/:id/merge':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/skills/:id/merge':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/skills/:id/retirement':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/audit':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/audit/export':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/audit/actors':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/notifications':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications/unread-count':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications/stream':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/:id/read':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/read-all':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notification-preferences':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PATCH /api/notification-preferences':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/unsubscribe':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/announcements/current':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/admin/imports/preview':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/imports':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
};

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
