/**
 * Club money (decision 0040), typed by hand from the issue: budgets are read by those who keep club
 * money (the officials, club coordinators and the accounts office, the administrator), each within
 * their council or club as the service narrows it; the president and the administrator allocate;
 * the officials and the administrator pass a council's money down; only the administrator sets the
 * president's amount, pays, and withdraws the approval of a claim it will not pay. Claims are filed
 * by a club's coordinator or an organiser of the club's event, so their routes are open to everyone
 * onboarded and the service decides; decisions are for the officials. Columns as in
 * spec-access-visitors.ts.
 */
const EVERYONE_ONBOARDED =
  'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow';
const KEEPERS =
  'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow';
const OFFICIALS_AND_ADMIN =
  'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  allow';
const PRESIDENT_AND_ADMIN =
  'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  allow';
const ADMIN_ONLY =
  'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow';
const OFFICIALS =
  'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid';

export const SPEC_API_ACCESS_MONEY: Readonly<Record<string, string>> = {
  // The term report (decision 0044): the officials, club coordinators and the administrator, each
  // within their scope as the service narrows it.
  'GET /api/reports/term': KEEPERS,
  'GET /api/reports/term/export': KEEPERS,
  'GET /api/money/budgets': KEEPERS,
  'GET /api/money/budgets/export': KEEPERS,
  'POST /api/money/allocations': PRESIDENT_AND_ADMIN,
  'POST /api/money/transfers': OFFICIALS_AND_ADMIN,
  'GET /api/money/lines/:id': KEEPERS,
  'GET /api/money/units/:id/lines': EVERYONE_ONBOARDED,
  'GET /api/money/settings': KEEPERS,
  'PUT /api/money/settings': ADMIN_ONLY,
  'GET /api/money/claims': EVERYONE_ONBOARDED,
  'GET /api/money/claims/export': EVERYONE_ONBOARDED,
  'GET /api/money/claims/options': EVERYONE_ONBOARDED,
  'POST /api/money/claims': EVERYONE_ONBOARDED,
  'GET /api/money/claims/:id': EVERYONE_ONBOARDED,
  'PUT /api/money/claims/:id': EVERYONE_ONBOARDED,
  'DELETE /api/money/claims/:id': EVERYONE_ONBOARDED,
  'POST /api/money/claims/:id/receipts': EVERYONE_ONBOARDED,
  'GET /api/money/claims/:id/receipts/:receiptId': EVERYONE_ONBOARDED,
  'DELETE /api/money/claims/:id/receipts/:receiptId': EVERYONE_ONBOARDED,
  'POST /api/money/claims/:id/submission': EVERYONE_ONBOARDED,
  'POST /api/money/claims/:id/decision': OFFICIALS,
  'POST /api/money/claims/:id/payment': ADMIN_ONLY,
  'POST /api/money/claims/:id/withdrawal': ADMIN_ONLY,
};
