import type { Access } from './access';
import { OFFICIAL_ROLES, type Role } from './roles';

/*
 * The term report's routes (decision 0044), apart from its schemas in reports.ts: access.ts is
 * loaded by every page, the sign-in pages too, and importing zod's schemas there would bring zod
 * into the first download.
 */

/** Who reads the report: the officials, club coordinators and the administrator; the service narrows each to their scope. */
const REPORT_READERS: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN'];

/** The report's routes of API_ACCESS (access.ts). */
export const REPORT_API_ACCESS = {
  'GET /api/reports/term': REPORT_READERS,
  'GET /api/reports/term/export': REPORT_READERS,
} as const satisfies Record<string, Access>;

/** The report's page of PAGE_ACCESS. */
export const REPORT_PAGE_ACCESS = {
  '/reports': REPORT_READERS,
} as const satisfies Record<string, Access>;
