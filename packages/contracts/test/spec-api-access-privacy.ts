/**
 * A student's data in the student's hands (decision 0041), typed by hand from the issue: the notice
 * is for anyone; the choices, the log of who opened the record, the copy of the data and the
 * erasure request are the signed-in person's own, for everyone with a record (not the
 * administrator, who keeps none; the server refuses anyone but a student an erasure with 409);
 * the administrator asks for a student's erasure.
 * Columns as in spec-access-visitors.ts.
 */
const ANYONE = 'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow';
const RECORD_HOLDERS =
  'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid';
const ADMIN_ONLY =
  'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow';

export const SPEC_API_ACCESS_PRIVACY: Readonly<Record<string, string>> = {
  'GET /api/privacy/notice': ANYONE,
  'GET /api/me/privacy': RECORD_HOLDERS,
  'PUT /api/me/privacy': RECORD_HOLDERS,
  'GET /api/me/record-access': RECORD_HOLDERS,
  'GET /api/me/data-exports': RECORD_HOLDERS,
  'POST /api/me/data-exports': RECORD_HOLDERS,
  'GET /api/me/data-exports/:id/archive': RECORD_HOLDERS,
  'GET /api/me/erasure': RECORD_HOLDERS,
  'POST /api/me/erasure': RECORD_HOLDERS,
  'DELETE /api/me/erasure': RECORD_HOLDERS,
  'GET /api/admin/users/:id/erasure': ADMIN_ONLY,
  'POST /api/admin/users/:id/erasure': ADMIN_ONLY,
  'DELETE /api/admin/users/:id/erasure': ADMIN_ONLY,
};
