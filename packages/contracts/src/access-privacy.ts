import type { Access } from './access';
import { ROLES, type Role } from './roles';

/** Everyone with a student record: every role but the institute administrator, who keeps none. */
const RECORD_HOLDERS: readonly Role[] = ROLES.filter((role) => role !== 'ADMIN');

/**
 * The privacy routes of API_ACCESS (access.ts, decision 0041): the notice is public; a person's
 * choices, the log of who opened their record, the copy of their data and the erasure request are
 * the signed-in person's own (the session names them), for everyone with a record (not the
 * administrator, who keeps none); the administrator asks for or cancels an erasure on a student's
 * behalf.
 */
export const PRIVACY_API_ACCESS = {
  'GET /api/privacy/notice': 'public',
  'GET /api/me/privacy': RECORD_HOLDERS,
  'PUT /api/me/privacy': RECORD_HOLDERS,
  'GET /api/me/record-access': RECORD_HOLDERS,
  'GET /api/me/data-exports': RECORD_HOLDERS,
  'POST /api/me/data-exports': RECORD_HOLDERS,
  'GET /api/me/data-exports/:id/archive': RECORD_HOLDERS,
  'GET /api/me/erasure': RECORD_HOLDERS,
  'POST /api/me/erasure': RECORD_HOLDERS,
  'DELETE /api/me/erasure': RECORD_HOLDERS,
  'GET /api/admin/users/:id/erasure': ['ADMIN'],
  'POST /api/admin/users/:id/erasure': ['ADMIN'],
  'DELETE /api/admin/users/:id/erasure': ['ADMIN'],
} as const satisfies Record<string, Access>;

/** The privacy pages of PAGE_ACCESS: the notice for anyone, the choices and requests for the signed-in person. */
export const PRIVACY_PAGE_ACCESS = {
  '/privacy': 'public',
  '/settings/privacy': RECORD_HOLDERS,
} as const satisfies Record<string, Access>;
