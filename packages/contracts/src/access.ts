import { CLUB_API_ACCESS } from './access-clubs';
import { DOCS_API_ACCESS } from './access-docs';
import { ELECTION_API_ACCESS, ELECTION_PAGE_ACCESS } from './access-elections';
import { MONEY_API_ACCESS, MONEY_PAGE_ACCESS } from './access-money';
import { PRIVACY_API_ACCESS, PRIVACY_PAGE_ACCESS } from './access-privacy';
import { PUSH_API_ACCESS } from './access-push';
import { REPORT_API_ACCESS, REPORT_PAGE_ACCESS } from './access-reports';
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
/** Position admin: the officials, and club coordinators scoped to their club by the server. */
const COSA_ADMINS: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR'];
/**
 * Positions and their holders: the position admins, and the institute administrator, who alone
 * appoints, changes and ends council offices (decision 0017; the server applies the rule).
 */
const POSITION_MANAGERS: readonly Role[] = [...COSA_ADMINS, 'ADMIN'];
/** Reviewers on the endorsement panel: the officials, and club coordinators for their club's members (the server narrows it). */
const REVIEWERS: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR'];
/** The institute administrator (deviation 60). */
const ADMINS: readonly Role[] = ['ADMIN'];

/**
 * Every API route, keyed by "METHOD /path" exactly as the server registers it
 * (Fastify syntax for parameters). The server refuses to start a route missing here. Built by a
 * call, which the web build marks as free of effects: a page that never reads the table does not
 * load it (an object spreading other modules' tables would stay, for whatever their getters do).
 */
export const API_ACCESS = Object.assign(
  {
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
    // What the institute already holds for the onboarding form, and the form itself.
    'GET /api/onboarding': 'verified',
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
    'PATCH /api/me/achievements/:id': 'onboarded',
    'DELETE /api/me/achievements/:id': 'onboarded',
    'GET /api/me/positions': 'onboarded',
    'POST /api/me/positions': 'onboarded',
    'PATCH /api/me/positions/:id': 'onboarded',
    'DELETE /api/me/positions/:id': 'onboarded',
    'POST /api/feedback': 'onboarded',
    // The global search; each kind shows only what the viewer may open (the service narrows it).
    'GET /api/search': 'onboarded',
    'GET /api/lookup/users': 'onboarded',
    'GET /api/lookup/events': 'onboarded',
    'GET /api/lookup/units': 'onboarded',
    'GET /api/lookup/positions': 'onboarded',
    'GET /api/lookup/officials': 'onboarded',
    // A person's page: what the viewer may see of them (decision 0026; the service narrows it).
    'GET /api/people/:id': 'onboarded',
    // Council workflows (spec section 2: endorsement panel, feedback list, events, general-secretary dashboards).
    'GET /api/council/summary': OFFICIALS,
    // A club coordinator reviews their club's members only (deviation 54); catalogue skills stay with the officials.
    'GET /api/endorsements/user-skills': REVIEWERS,
    'GET /api/endorsements/skills': OFFICIALS,
    'GET /api/endorsements/achievements': REVIEWERS,
    'POST /api/endorsements/user-skills/:id/endorse': REVIEWERS,
    'POST /api/endorsements/skills/:id/endorse': OFFICIALS,
    'POST /api/endorsements/achievements/:id/verify': REVIEWERS,
    'POST /api/endorsements/user-skills/:id/decline': REVIEWERS,
    'POST /api/endorsements/skills/:id/decline': OFFICIALS,
    'POST /api/endorsements/achievements/:id/decline': REVIEWERS,
    // The panel's tab counts, "Endorse selected" and Undo (decision 0023): the same reviewers as each kind's own decisions.
    'GET /api/endorsements/counts': REVIEWERS,
    'POST /api/endorsements/user-skills/bulk-endorse': REVIEWERS,
    'POST /api/endorsements/skills/bulk-endorse': OFFICIALS,
    'POST /api/endorsements/achievements/bulk-verify': REVIEWERS,
    'POST /api/endorsements/user-skills/:id/undo': REVIEWERS,
    'POST /api/endorsements/skills/:id/undo': OFFICIALS,
    'POST /api/endorsements/achievements/:id/undo': REVIEWERS,
    // Self-declared positions (deviation 53): the officials all of them, a club coordinator their club's.
    'GET /api/endorsements/positions': REVIEWERS,
    'POST /api/endorsements/positions/:id/verify': REVIEWERS,
    'POST /api/endorsements/positions/:id/decline': REVIEWERS,
    // Everyone sees the feedback they may see (design section 8); the service narrows it by role.
    'GET /api/feedback': 'onboarded',
    'POST /api/feedback/:id/resolution': [...OFFICIALS, 'CLUB_COORDINATOR'],
    'GET /api/events': 'onboarded',
    'GET /api/events/:id': 'onboarded',
    // A club coordinator creates events of their own club (deviation 56).
    'POST /api/events': [...OFFICIALS, 'CLUB_COORDINATOR'],
    // Its creator, the president, or the coordinator of its club (the service checks which).
    'PUT /api/events/:id': [...OFFICIALS, 'CLUB_COORDINATOR'],
    'POST /api/events/:id/cancellation': [...OFFICIALS, 'CLUB_COORDINATOR'],
    // A club's proposal: the general secretary of its council, or the president (the service checks).
    'POST /api/events/:id/decision': OFFICIALS,
    // Taking part: anyone onboarded registers; the organisers and officials manage (the service checks).
    'POST /api/events/:id/registration': 'onboarded',
    'DELETE /api/events/:id/registration': 'onboarded',
    'GET /api/events/:id/ticket': 'onboarded',
    'GET /api/events/:id/registrations': 'onboarded',
    'GET /api/events/:id/registrations/export': 'onboarded',
    'PATCH /api/events/:id/registrations/:registrationId': 'onboarded',
    'POST /api/events/:id/check-ins': 'onboarded',
    'POST /api/events/:id/announcements': 'onboarded',
    'POST /api/events/:id/rating': 'onboarded',
    'GET /api/me/registrations': 'onboarded',
    'GET /api/me/calendar-feed': 'onboarded',
    'POST /api/me/calendar-feed': 'onboarded',
    'DELETE /api/me/calendar-feed': 'onboarded',
    // Calendar feeds: the private one by the secret in its address, the public ones of a unit's approved events.
    'GET /api/calendar/feeds/:token': 'public',
    'GET /api/calendar/units/:id': 'public',
    // Room booking (spec section 2): officials request rooms; the president decides (approval panel, dashboard).
    // A club coordinator picks a room for a proposal's time (decision 0029).
    'GET /api/rooms': [...OFFICIALS, 'CLUB_COORDINATOR'],
    'GET /api/rooms/:id/slots': OFFICIALS,
    'POST /api/room-bookings': OFFICIALS,
    'GET /api/room-bookings/mine': OFFICIALS,
    'POST /api/room-bookings/:id/withdrawal': OFFICIALS,
    'GET /api/room-bookings': ['PRESIDENT'],
    'PATCH /api/room-bookings/:id': ['PRESIDENT'],
    'GET /api/president/summary': ['PRESIDENT'],
    'GET /api/activities': ['PRESIDENT'],
    // Position admin and views (spec section 2): officials, and a club coordinator for their own club (deviation 49).
    'GET /api/positions': POSITION_MANAGERS,
    'POST /api/positions': POSITION_MANAGERS,
    'GET /api/positions/:id': POSITION_MANAGERS,
    'PUT /api/positions/:id': POSITION_MANAGERS,
    'DELETE /api/positions/:id': POSITION_MANAGERS,
    'POST /api/positions/:id/retirement': POSITION_MANAGERS,
    'GET /api/position-holders': POSITION_MANAGERS,
    'POST /api/position-holders': POSITION_MANAGERS,
    'GET /api/position-holders/:id': POSITION_MANAGERS,
    'PUT /api/position-holders/:id': POSITION_MANAGERS,
    'DELETE /api/position-holders/:id': POSITION_MANAGERS,
    // COSA View (the side menu's 'COSA view'): the council's office-bearers and positions, for everyone (deviation 58).
    'GET /api/directory/office-bearers': 'onboarded',
    'GET /api/directory/positions': 'onboarded',
    // The co-curricular transcript and credentials: the owner's records only (the service checks ownership).
    'GET /api/me/transcript-records': 'onboarded',
    'GET /api/me/transcripts': 'onboarded',
    'POST /api/me/transcripts': 'onboarded',
    'GET /api/me/transcripts/:id/pdf': 'onboarded',
    'POST /api/me/transcripts/:id/revocation': 'onboarded',
    'GET /api/me/achievements/:id/credential': 'onboarded',
    'GET /api/me/positions/:id/credential': 'onboarded',
    // Anyone holding a transcript's address or a credential may check it; rate limited, never indexed.
    'GET /api/verify/transcripts/:id': 'public',
    'POST /api/verify/credentials': 'public',
    // The issuer's profile and public keys, named by every credential.
    'GET /api/issuer': 'public',
    'GET /api/issuer/keys/:kid': 'public',
    // The published revocation status lists that credentials point into.
    'GET /api/issuer/status-lists/:list': 'public',
    // A student's own issued credentials and whether each still stands.
    'GET /api/me/credentials': 'onboarded',
    // CSV exports of the officials' lists, with the list's own access and filters.
    'GET /api/feedback/export': 'onboarded',
    'GET /api/endorsements/achievements/export': REVIEWERS,
    'GET /api/endorsements/user-skills/export': REVIEWERS,
    'GET /api/positions/export': COSA_ADMINS,
    'GET /api/position-holders/export': COSA_ADMINS,
    'GET /api/events/export': 'onboarded',
    'GET /api/room-bookings/export': ['PRESIDENT'],
    // Administration (deviation 60): the institute administrator only.
    'GET /api/admin/summary': ADMINS,
    'GET /api/admin/users': ADMINS,
    'GET /api/admin/users/export': ADMINS,
    'GET /api/admin/users/:id': ADMINS,
    'PUT /api/admin/users/:id/role': ADMINS,
    'POST /api/admin/users/:id/deactivation': ADMINS,
    'POST /api/admin/users/:id/reactivation': ADMINS,
    'POST /api/admin/users/:id/sign-out': ADMINS,
    'GET /api/admin/units': ADMINS,
    'POST /api/admin/units': ADMINS,
    'PATCH /api/admin/units/:id': ADMINS,
    'POST /api/admin/units/:id/retirement': ADMINS,
    'POST /api/admin/units/:id/reinstatement': ADMINS,
    'GET /api/admin/rooms': ADMINS,
    'POST /api/admin/rooms': ADMINS,
    'PATCH /api/admin/rooms/:id': ADMINS,
    'POST /api/admin/rooms/:id/retirement': ADMINS,
    'POST /api/admin/rooms/:id/reinstatement': ADMINS,
    'GET /api/admin/skills': ADMINS,
    'GET /api/admin/skills/export': ADMINS,
    'PATCH /api/admin/skills/:id': ADMINS,
    'POST /api/admin/skills/:id/merge': ADMINS,
    'GET /api/admin/skills/:id/merge': ADMINS,
    'POST /api/admin/skills/:id/retirement': ADMINS,
    'GET /api/admin/audit': ADMINS,
    'GET /api/admin/audit/export': ADMINS,
    'GET /api/admin/audit/actors': ADMINS,
    'POST /api/admin/imports/preview': ADMINS,
    'POST /api/admin/imports/refused': ADMINS,
    'POST /api/admin/imports': ADMINS,
    // The facts the institute keeps (decision 0015): a student's corrections, Student ID conflicts.
    'GET /api/me/corrections': 'onboarded',
    'POST /api/me/corrections': 'onboarded',
    'POST /api/me/student-id-claims': 'verified',
    'GET /api/admin/corrections': ADMINS,
    'POST /api/admin/corrections/:id/decision': ADMINS,
    'GET /api/admin/student-id-conflicts': ADMINS,
    'POST /api/admin/student-id-conflicts/:id/decision': ADMINS,
    'GET /api/admin/credentials': ADMINS,
    'POST /api/admin/credentials/:id/revocation': ADMINS,
    // A credential revoked by its own text: the only way to name one signed before status lists.
    'POST /api/admin/credentials/revocations': ADMINS,
    // Holdings recorded before the portal kept who verified them, confirmed by the administrator.
    'GET /api/admin/holding-confirmations': ADMINS,
    'POST /api/admin/holding-confirmations': ADMINS,
    // Notifications and announcements (deviation 61).
    'GET /api/notifications': 'onboarded',
    'GET /api/notifications/unread-count': 'onboarded',
    'GET /api/notifications/queues': 'onboarded',
    'GET /api/notifications/stream': 'onboarded',
    'POST /api/notifications/:id/read': 'onboarded',
    'POST /api/notifications/read-all': 'onboarded',
    'GET /api/notification-preferences': 'onboarded',
    'PATCH /api/notification-preferences': 'onboarded',
    // The e-mail's one-click link: its signed token is the permission, so it works signed out.
    'POST /api/notifications/unsubscribe': 'public',
    'GET /api/announcements/current': 'onboarded',
    'GET /api/announcements': COSA_ADMINS,
    'POST /api/announcements': COSA_ADMINS,
  } as const satisfies Record<string, Access>,
  DOCS_API_ACCESS,
  CLUB_API_ACCESS,
  ELECTION_API_ACCESS,
  MONEY_API_ACCESS,
  PRIVACY_API_ACCESS,
  PUSH_API_ACCESS,
  REPORT_API_ACCESS,
);

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
  // COSA View, the side menu's 'COSA view' (deviation 58).
  '/council': 'onboarded',
  // A person's page (decision 0026).
  '/people/:id': 'onboarded',
  // Signed in is enough: a student who has not finished onboarding must be able to sign out.
  '/logout': 'signedIn',
  '/events': 'onboarded',
  '/events/:id': 'onboarded',
  '/events/:id/edit': [...OFFICIALS, 'CLUB_COORDINATOR'],
  // A person's registrations, tickets and calendar feed; an event's ticket, registrations and door.
  '/events/mine': 'onboarded',
  '/events/:id/ticket': 'onboarded',
  '/events/:id/registrations': 'onboarded',
  '/events/:id/check-in': 'onboarded',
  // The club directory and each club's page (for every signed-in person).
  '/clubs': 'onboarded',
  '/clubs/:slug': 'onboarded',
  '/viewfeedback': 'onboarded',
  '/gensec-cult': ['GENSEC_CULTURAL'],
  '/gensec-sport': ['GENSEC_SPORTS'],
  '/gensec-acad': ['GENSEC_ACADEMIC'],
  '/gensec-tech': ['GENSEC_SCITECH'],
  '/gensec-endorse': REVIEWERS,
  '/roombooking': OFFICIALS,
  '/cosa': COSA_ADMINS,
  '/cosa/create': COSA_ADMINS,
  '/add-event': [...OFFICIALS, 'CLUB_COORDINATOR'],
  '/president-approval': ['PRESIDENT'],
  '/president-dashboard': ['PRESIDENT'],
  '/club-dashboard': ['CLUB_COORDINATOR'],
  // The coordinator keeps their club's page, its join requests and its roster; the administrator
  // keeps the tags clubs choose from.
  '/clubs/:slug/edit': ['CLUB_COORDINATOR'],
  '/club-dashboard/members': ['CLUB_COORDINATOR'],
  '/admin/club-tags': ADMINS,
  '/transcript': 'onboarded',
  // A transcript's public verification page (its QR code's address) and the credential check.
  '/verify': 'public',
  '/verify/:id': 'public',
  // Administration (deviation 60).
  '/admin': ADMINS,
  '/admin/users': ADMINS,
  '/admin/users/:id': ADMINS,
  '/admin/units': ADMINS,
  '/admin/positions': ADMINS,
  '/admin/rooms': ADMINS,
  '/admin/skills': ADMINS,
  '/admin/audit': ADMINS,
  '/admin/import': ADMINS,
  '/admin/corrections': ADMINS,
  '/admin/student-ids': ADMINS,
  '/admin/credentials': ADMINS,
  // Notifications and announcements (deviation 61).
  '/notifications': 'onboarded',
  '/notifications/settings': 'onboarded',
  '/announcements': COSA_ADMINS,
  '/unsubscribe': 'public',
  ...ELECTION_PAGE_ACCESS,
  ...MONEY_PAGE_ACCESS,
  ...PRIVACY_PAGE_ACCESS,
  ...REPORT_PAGE_ACCESS,
} as const satisfies Record<string, Access>;

export type PagePath = keyof typeof PAGE_ACCESS;

export type AccessSubject = { role: string; onboardingComplete: boolean; emailVerified: boolean } | null;

export type AccessDecision = 'allow' | 'signIn' | 'verify' | 'onboard' | 'forbidden' | 'signedInAlready';

/** The one rule both the server and the web guards apply to a declaration. */
export function decideAccess(
  access: Access,
  user: AccessSubject,
  normalize: (role: string) => Role,
): AccessDecision {
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
