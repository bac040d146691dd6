import type { Access } from './access';
import { OFFICIAL_ROLES } from './roles';

/** The clubs' routes of API_ACCESS (access.ts): the club dashboard, joining, the roster, finding clubs. */
export const CLUB_API_ACCESS = {
  // The club dashboard's bundle (spec section 2): the coordinator's own club, found by the account's link (deviation 55).
  'GET /api/clubs/mine': ['CLUB_COORDINATOR'],
  // Joining clubs: students ask, leave and answer invitations; the coordinator of the club decides
  // (the service checks which club); the roster also for the officials and the administrator.
  'PUT /api/clubs/:unitId/recruiting': ['CLUB_COORDINATOR'],
  'POST /api/clubs/:unitId/join-requests': 'onboarded',
  'DELETE /api/clubs/:unitId/join-requests/mine': 'onboarded',
  'GET /api/clubs/:unitId/join-requests': ['CLUB_COORDINATOR'],
  'POST /api/clubs/:unitId/join-requests/:id/decision': ['CLUB_COORDINATOR'],
  'POST /api/clubs/:unitId/invitations': ['CLUB_COORDINATOR'],
  'GET /api/me/club-invitations': 'onboarded',
  'POST /api/me/club-invitations/:id/decision': 'onboarded',
  'GET /api/me/club-memberships': 'onboarded',
  'DELETE /api/clubs/:unitId/membership': 'onboarded',
  'GET /api/clubs/:unitId/members': [...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN'],
  'GET /api/clubs/:unitId/members/export': [...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN'],
  'PATCH /api/clubs/:unitId/members/:membershipId': ['CLUB_COORDINATOR'],
  'POST /api/clubs/:unitId/members/:membershipId/removal': ['CLUB_COORDINATOR'],
  // Finding clubs: the directory and the pages for everyone; each page's coordinator edits it; the
  // administrator keeps the tag list; following (like joining) is for people with a student record.
  'GET /api/clubs': 'onboarded',
  'GET /api/clubs/by-slug/:slug': 'onboarded',
  'PUT /api/clubs/:unitId/page': ['CLUB_COORDINATOR'],
  'PUT /api/clubs/:unitId/images/:kind': ['CLUB_COORDINATOR'],
  'DELETE /api/clubs/:unitId/images/:kind': ['CLUB_COORDINATOR'],
  'GET /api/club-images/:id': 'onboarded',
  'PUT /api/clubs/:unitId/follow': 'onboarded',
  'DELETE /api/clubs/:unitId/follow': 'onboarded',
  'GET /api/club-tags': 'onboarded',
  'POST /api/admin/club-tags': ['ADMIN'],
  'PATCH /api/admin/club-tags/:id': ['ADMIN'],
  'DELETE /api/admin/club-tags/:id': ['ADMIN'],
} as const satisfies Record<string, Access>;
