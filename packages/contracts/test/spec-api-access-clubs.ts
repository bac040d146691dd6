/**
 * Joining clubs, typed by hand: students ask, withdraw, leave and answer invitations (the
 * administrator keeps no student record: deviation 60); the coordinator of the club decides; the
 * roster also for the officials and the administrator. Columns as in spec-access-visitors.ts.
 */
export const SPEC_API_ACCESS_CLUBS: Readonly<Record<string, string>> = {
  'PUT /api/clubs/:unitId/recruiting':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  // The administrator keeps no student record (deviation 60).
  'POST /api/clubs/:unitId/join-requests':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  // The administrator keeps no student record (deviation 60).
  'DELETE /api/clubs/:unitId/join-requests/mine':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/clubs/:unitId/join-requests':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'POST /api/clubs/:unitId/join-requests/:id/decision':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'POST /api/clubs/:unitId/invitations':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'GET /api/me/club-invitations':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/club-invitations/:id/decision':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/club-memberships':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // The administrator keeps no student record (deviation 60).
  'DELETE /api/clubs/:unitId/membership':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/clubs/:unitId/members':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'GET /api/clubs/:unitId/members/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'PATCH /api/clubs/:unitId/members/:membershipId':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'POST /api/clubs/:unitId/members/:membershipId/removal':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  // Finding clubs, typed by hand from issue 33.
  'GET /api/clubs':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/clubs/by-slug/:slug':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/clubs/:unitId/page':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'PUT /api/clubs/:unitId/images/:kind':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'DELETE /api/clubs/:unitId/images/:kind':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'GET /api/club-images/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // The administrator keeps no student record (deviation 60), so follows nothing.
  'PUT /api/clubs/:unitId/follow':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'DELETE /api/clubs/:unitId/follow':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/club-tags':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/admin/club-tags':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'PATCH /api/admin/club-tags/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'DELETE /api/admin/club-tags/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
};
