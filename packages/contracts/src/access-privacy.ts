import type { Access } from './access';
import { RECORD_HOLDER_ROLES } from './roles';

/**
 * The privacy routes of API_ACCESS (access.ts, decision 0041): the notice is public; a person's
 * choices, the log of who opened their record, the copy of their data and the erasure request are
 * the signed-in person's own (the session names them), for everyone with a record (not the
 * administrator, who keeps none); the administrator asks for or cancels an erasure on a student's
 * behalf.
 */
export const PRIVACY_API_ACCESS = {
  'GET /api/privacy/notice': 'public',
  'GET /api/me/privacy': RECORD_HOLDER_ROLES,
  'PUT /api/me/privacy': RECORD_HOLDER_ROLES,
  'GET /api/me/record-access': RECORD_HOLDER_ROLES,
  'GET /api/me/data-exports': RECORD_HOLDER_ROLES,
  'POST /api/me/data-exports': RECORD_HOLDER_ROLES,
  'GET /api/me/data-exports/:id/archive': RECORD_HOLDER_ROLES,
  'GET /api/me/erasure': RECORD_HOLDER_ROLES,
  'POST /api/me/erasure': RECORD_HOLDER_ROLES,
  'DELETE /api/me/erasure': RECORD_HOLDER_ROLES,
  'GET /api/admin/users/:id/erasure': ['ADMIN'],
  'POST /api/admin/users/:id/erasure': ['ADMIN'],
  'DELETE /api/admin/users/:id/erasure': ['ADMIN'],
} as const satisfies Record<string, Access>;

/** The privacy pages of PAGE_ACCESS: the notice for anyone, the choices and requests for the signed-in person. */
export const PRIVACY_PAGE_ACCESS = {
  '/privacy': 'public',
  '/settings/privacy': RECORD_HOLDER_ROLES,
} as const satisfies Record<string, Access>;
