import { OFFICIAL_ROLES, type Role } from './roles';

/**
 * Who may call a route or open a page (design section 4); each step implies the ones before it:
 * - public: anyone;
 * - guest: signed-out visitors only;
 * - signedIn: any signed-in user, whether or not the e-mail is proven;
 * - verified: signed in with a proven e-mail address;
 * - onboarded: verified and onboarding complete;
 * - a list of roles: onboarded, and holding one of them.
 */
export type Access = 'public' | 'guest' | 'signedIn' | 'verified' | 'onboarded' | readonly Role[];

const OFFICIALS: readonly Role[] = OFFICIAL_ROLES;

/**
 * Every API route, keyed by "METHOD /path" exactly as the server registers it
 * (Fastify syntax for parameters). The server refuses to start a route missing here.
 */
export const API_ACCESS = {
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/register': 'guest',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/google': 'public',
  'GET /api/auth/google/callback': 'public',
  'POST /api/auth/forgot-password': 'guest',
  'GET /api/auth/reset-password/:id/:token': 'guest',
  'POST /api/auth/reset-password/:id/:token': 'guest',
  // The link of the verification e-mail works on any device, signed in or not.
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'signedIn',
  'POST /api/onboarding': 'verified',
  // The student's own record (spec sections 1 and 2): identity comes from the session, never from the request.
  'GET /api/me/dashboard': 'onboarded',
  'GET /api/me/profile': 'onboarded',
  'PUT /api/me/profile': 'onboarded',
  'PUT /api/me/photo': 'onboarded',
  'DELETE /api/me/photo': 'onboarded',
  'GET /api/photos/:id': 'onboarded',
  'GET /api/skills': 'onboarded',
  'GET /api/me/skills': 'onboarded',
  'POST /api/me/skills': 'onboarded',
  'DELETE /api/me/skills/:id': 'onboarded',
  'GET /api/me/achievements': 'onboarded',
  'POST /api/me/achievements': 'onboarded',
  'GET /api/me/positions': 'onboarded',
  'POST /api/me/positions': 'onboarded',
  'POST /api/feedback': 'onboarded',
  'GET /api/lookup/users': 'onboarded',
  'GET /api/lookup/events': 'onboarded',
  'GET /api/lookup/units': 'onboarded',
  'GET /api/lookup/positions': 'onboarded',
  // Council workflows (spec section 2: endorsement panel, feedback list, events, general-secretary dashboards).
  'GET /api/council/summary': OFFICIALS,
  'GET /api/endorsements/user-skills': OFFICIALS,
  'GET /api/endorsements/skills': OFFICIALS,
  'GET /api/endorsements/achievements': OFFICIALS,
  'POST /api/endorsements/user-skills/:id/endorse': OFFICIALS,
  'POST /api/endorsements/skills/:id/endorse': OFFICIALS,
  'POST /api/endorsements/achievements/:id/verify': OFFICIALS,
  'POST /api/endorsements/user-skills/:id/decline': OFFICIALS,
  'POST /api/endorsements/skills/:id/decline': OFFICIALS,
  'POST /api/endorsements/achievements/:id/decline': OFFICIALS,
  // Everyone sees the feedback they may see (design section 8); the service narrows it by role.
  'GET /api/feedback': 'onboarded',
  'POST /api/feedback/:id/resolution': [...OFFICIALS, 'CLUB_COORDINATOR'],
  'GET /api/events': 'onboarded',
  'GET /api/events/:id': 'onboarded',
  'POST /api/events': OFFICIALS,
  'PUT /api/events/:id': OFFICIALS,
  'POST /api/events/:id/cancellation': OFFICIALS,
  'GET /api/openapi.json': 'public',
  // The API documentation page and its assets.
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
} as const satisfies Record<string, Access>;

/** Looks up the declaration of a registered route; undefined means undeclared. */
export function apiAccessFor(method: string, url: string): Access | undefined {
  return (API_ACCESS as Record<string, Access>)[`${method.toUpperCase()} ${url}`];
}

/** Every page of the web app (spec sections 2 and 6); the web route guards read this table. */
export const PAGE_ACCESS = {
  '/login': 'guest',
  '/register': 'guest',
  '/forgot-password': 'guest',
  '/reset-password/:id/:token': 'guest',
  '/google-unavailable': 'public',
  '/verify-email': 'signedIn',
  '/verify-email/:token': 'public',
  '/': 'signedIn',
  '/onboarding': 'verified',
  '/unauthorised': 'public',
  '/home': 'onboarded',
  '/profile': 'onboarded',
  '/feedback': 'onboarded',
  '/add-achievement': 'onboarded',
  '/view-achievements': 'onboarded',
  '/manage-position': 'onboarded',
  '/skills': 'onboarded',
  // Signed in is enough: a student who has not finished onboarding must be able to sign out.
  '/logout': 'signedIn',
  '/events': 'onboarded',
  '/events/:id': 'onboarded',
  '/events/:id/edit': OFFICIALS,
  '/viewfeedback': 'onboarded',
  '/gensec-cult': ['GENSEC_CULTURAL'],
  '/gensec-sport': ['GENSEC_SPORTS'],
  '/gensec-acad': ['GENSEC_ACADEMIC'],
  '/gensec-tech': ['GENSEC_SCITECH'],
  '/gensec-endorse': OFFICIALS,
  '/roombooking': OFFICIALS,
  '/cosa': OFFICIALS,
  '/cosa/create': OFFICIALS,
  '/add-event': OFFICIALS,
  '/president-approval': ['PRESIDENT'],
  '/president-dashboard': ['PRESIDENT'],
  '/club-dashboard': ['CLUB_COORDINATOR'],
} as const satisfies Record<string, Access>;

export type PagePath = keyof typeof PAGE_ACCESS;

export type AccessSubject = { role: string; onboardingComplete: boolean; emailVerified: boolean } | null;

export type AccessDecision = 'allow' | 'signIn' | 'verify' | 'onboard' | 'forbidden' | 'signedInAlready';

/** The one rule both the server and the web guards apply to a declaration. */
export function decideAccess(access: Access, user: AccessSubject, normalize: (role: string) => Role): AccessDecision {
  if (access === 'public') return 'allow';
  if (access === 'guest') return user ? 'signedInAlready' : 'allow';
  if (!user) return 'signIn';
  if (access === 'signedIn') return 'allow';
  if (!user.emailVerified) return 'verify';
  if (access === 'verified') return 'allow';
  const role = normalize(user.role);
  if (role === 'STUDENT' && !user.onboardingComplete) return 'onboard';
  if (access === 'onboarded') return 'allow';
  return access.includes(role) ? 'allow' : 'forbidden';
}
