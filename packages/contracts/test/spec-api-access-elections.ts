/**
 * Council elections, typed by hand from the issue: everyone onboarded reads elections, files
 * nominations, votes and reads results (the service then checks the post's voters and the
 * windows); only the administrator sets an election up; changing one, deciding nominations and
 * certifying are open to every onboarded account at the door, the service allowing only the
 * administrator or the election's own officer. Columns as in spec-access-visitors.ts.
 */
const EVERYONE_ONBOARDED =
  'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow';

export const SPEC_API_ACCESS_ELECTIONS: Readonly<Record<string, string>> = {
  'GET /api/elections': EVERYONE_ONBOARDED,
  'POST /api/elections':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/elections/:id': EVERYONE_ONBOARDED,
  'PUT /api/elections/:id': EVERYONE_ONBOARDED,
  'POST /api/elections/:id/posts/:postId/nominations': EVERYONE_ONBOARDED,
  'POST /api/elections/nominations/:id/decision': EVERYONE_ONBOARDED,
  'POST /api/elections/nominations/:id/withdrawal': EVERYONE_ONBOARDED,
  // A manifesto PDF: read by those who see the nomination, changed by its nominee (the service decides).
  'GET /api/elections/nominations/:id/manifesto-pdf': EVERYONE_ONBOARDED,
  'PUT /api/elections/nominations/:id/manifesto-pdf': EVERYONE_ONBOARDED,
  'DELETE /api/elections/nominations/:id/manifesto-pdf': EVERYONE_ONBOARDED,
  'POST /api/elections/posts/:postId/ballots': EVERYONE_ONBOARDED,
  'GET /api/elections/posts/:postId/results': EVERYONE_ONBOARDED,
  'GET /api/elections/posts/:postId/ballots/export': EVERYONE_ONBOARDED,
  'POST /api/elections/:id/certification': EVERYONE_ONBOARDED,
};
