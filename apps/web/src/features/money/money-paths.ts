/*
 * The club money pages' and API addresses. They live with the feature rather than in lib/paths.ts
 * and lib/api-paths.ts, which every signed-in page loads: only these pages need them.
 */

const segment = encodeURIComponent;

/** The pages of club money. */
export const moneyPaths = {
  budgets: '/money',
  line: (id: string) => `/money/lines/${segment(id)}`,
  claims: '/money/claims',
  newClaim: '/money/claims/new',
  claim: (id: string) => `/money/claims/${segment(id)}`,
  editClaim: (id: string) => `/money/claims/${segment(id)}/edit`,
} as const;

/** The API endpoints the money pages call. */
export const moneyApi = {
  budgets: '/api/money/budgets',
  /** The budgets of a tenure as a CSV download. */
  budgetsExport: '/api/money/budgets/export',
  allocations: '/api/money/allocations',
  transfers: '/api/money/transfers',
  line: (id: string) => `/api/money/lines/${segment(id)}`,
  unitLines: (unitId: string) => `/api/money/units/${segment(unitId)}/lines`,
  settings: '/api/money/settings',
  claims: '/api/money/claims',
  /** The claims under the list's filters as a CSV download. */
  claimsExport: '/api/money/claims/export',
  claimOptions: '/api/money/claims/options',
  claim: (id: string) => `/api/money/claims/${segment(id)}`,
  receipts: (id: string) => `/api/money/claims/${segment(id)}/receipts`,
  /** A receipt: downloaded (GET) or removed (DELETE). */
  receipt: (id: string, receiptId: string) =>
    `/api/money/claims/${segment(id)}/receipts/${segment(receiptId)}`,
  submission: (id: string) => `/api/money/claims/${segment(id)}/submission`,
  decision: (id: string) => `/api/money/claims/${segment(id)}/decision`,
  payment: (id: string) => `/api/money/claims/${segment(id)}/payment`,
  withdrawal: (id: string) => `/api/money/claims/${segment(id)}/withdrawal`,
} as const;

/** A query string of the values given, the empty ones left out ('' when none is left). */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && String(value) !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
