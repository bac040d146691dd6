import type { Access } from './access';

/**
 * The elections' routes of API_ACCESS (access.ts). Everyone onboarded reads elections and may
 * nominate and vote where the post allows (the service reads the institute's record); the
 * administrator sets elections up; changing one, deciding nominations and certifying are for the
 * administrator or the election's own officer, which the service checks. A nomination's manifesto
 * PDF is read by whoever sees the nomination and changed by its nominee alone, which the service
 * checks too.
 */
export const ELECTION_API_ACCESS = {
  'GET /api/elections': 'onboarded',
  'POST /api/elections': ['ADMIN'],
  'GET /api/elections/:id': 'onboarded',
  'PUT /api/elections/:id': 'onboarded',
  'POST /api/elections/:id/posts/:postId/nominations': 'onboarded',
  'POST /api/elections/nominations/:id/decision': 'onboarded',
  'POST /api/elections/nominations/:id/withdrawal': 'onboarded',
  'GET /api/elections/nominations/:id/manifesto-pdf': 'onboarded',
  'PUT /api/elections/nominations/:id/manifesto-pdf': 'onboarded',
  'DELETE /api/elections/nominations/:id/manifesto-pdf': 'onboarded',
  'POST /api/elections/posts/:postId/ballots': 'onboarded',
  'GET /api/elections/posts/:postId/results': 'onboarded',
  'GET /api/elections/posts/:postId/ballots/export': 'onboarded',
  'POST /api/elections/:id/certification': 'onboarded',
} as const satisfies Record<string, Access>;

/** The elections' pages of PAGE_ACCESS. */
export const ELECTION_PAGE_ACCESS = {
  '/elections': 'onboarded',
  '/elections/new': ['ADMIN'],
  '/elections/:id': 'onboarded',
  '/elections/:id/edit': 'onboarded',
  '/elections/:id/posts/:postId/vote': 'onboarded',
  '/elections/:id/posts/:postId/results': 'onboarded',
} as const satisfies Record<string, Access>;
