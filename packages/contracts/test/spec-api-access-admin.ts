// Typed by hand from the spec and design section 4; see spec-access-visitors.ts for the columns and
// the outcomes. One table per area; spec-access-table.ts joins them.

/** Administration (deviation 60): the institute administrator only. */
export const SPEC_API_ACCESS_ADMIN: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
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
  'POST /api/admin/imports/preview':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/imports/refused':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/imports':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
};
