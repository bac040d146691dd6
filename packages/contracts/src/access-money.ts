import type { Access } from './access';
import { OFFICIAL_ROLES, type Role } from './roles';

/** Those who keep and decide club money: the officials, club coordinators and the accounts office (the administrator). */
const MONEY_KEEPERS: readonly Role[] = [...OFFICIAL_ROLES, 'CLUB_COORDINATOR', 'ADMIN'];

/**
 * The club money routes of API_ACCESS (access.ts, decision 0040). Budgets are read by those who keep
 * money, each within their council or club, which the service narrows. Claims are filed by a club's
 * coordinator or an organiser of one of the club's events (any onboarded student may organise one),
 * so the claims' routes are open to everyone onboarded and the service decides who sees, files,
 * decides and pays what.
 */
export const MONEY_API_ACCESS = {
  'GET /api/money/budgets': MONEY_KEEPERS,
  'GET /api/money/budgets/export': MONEY_KEEPERS,
  'POST /api/money/allocations': ['PRESIDENT', 'ADMIN'],
  'POST /api/money/transfers': [...OFFICIAL_ROLES, 'ADMIN'],
  'GET /api/money/lines/:id': MONEY_KEEPERS,
  'GET /api/money/units/:id/lines': 'onboarded',
  'GET /api/money/settings': MONEY_KEEPERS,
  'PUT /api/money/settings': ['ADMIN'],
  'GET /api/money/claims': 'onboarded',
  'GET /api/money/claims/export': 'onboarded',
  'GET /api/money/claims/options': 'onboarded',
  'POST /api/money/claims': 'onboarded',
  'GET /api/money/claims/:id': 'onboarded',
  'PUT /api/money/claims/:id': 'onboarded',
  'DELETE /api/money/claims/:id': 'onboarded',
  'POST /api/money/claims/:id/receipts': 'onboarded',
  'GET /api/money/claims/:id/receipts/:receiptId': 'onboarded',
  'DELETE /api/money/claims/:id/receipts/:receiptId': 'onboarded',
  'POST /api/money/claims/:id/submission': 'onboarded',
  'POST /api/money/claims/:id/decision': [...OFFICIAL_ROLES],
  'POST /api/money/claims/:id/payment': ['ADMIN'],
  'POST /api/money/claims/:id/withdrawal': ['ADMIN'],
} as const satisfies Record<string, Access>;
/** The club money pages of PAGE_ACCESS. */
export const MONEY_PAGE_ACCESS = {
  '/money': MONEY_KEEPERS,
  '/money/lines/:id': MONEY_KEEPERS,
  '/money/claims': 'onboarded',
  '/money/claims/new': 'onboarded',
  '/money/claims/:id': 'onboarded',
  '/money/claims/:id/edit': 'onboarded',
} as const satisfies Record<string, Access>;
