import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_STATES,
  AdminUserListSchema,
  isRole,
  type AccountState,
  type Role,
} from '@cosa/contracts';
import { api } from '../../../../lib/api-client';
import { apiPaths } from '../../../../lib/api-paths';
import { pageFrom, searchFrom } from '../../../../lib/use-url-filters';

/** Every query of the users pages starts with this key, so one change refreshes them all (and the overview's counts). */
export const adminUsersKey = ['admin', 'users'] as const;

/** The search, role, state and page of /admin/users; '' is no filter. */
export type AdminUserFilters = { q: string; role: Role | ''; state: AccountState | ''; page: number };

/** The filters from the address, ignoring values the server would refuse. */
export function adminUserFiltersFrom(params: URLSearchParams): AdminUserFilters {
  const role = params.get('role') ?? '';
  const state = params.get('state') ?? '';
  return {
    q: searchFrom(params.get('q')),
    role: isRole(role) ? role : '',
    state: (ACCOUNT_STATES as readonly string[]).includes(state) ? (state as AccountState) : '',
    page: pageFrom(params),
  };
}

/** The query string of the filters, blank ones left out; the export takes the same without the page. */
function adminUsersQuery(filters: Partial<AdminUserFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value ?? '').trim();
    if (text && !(key === 'page' && text === '1')) params.set(key, text);
  }
  return params.toString();
}

/** The CSV export's address for the filters in force (every page of them). */
export function adminUsersExportHref(filters: AdminUserFilters): string {
  const query = adminUsersQuery({ q: filters.q, role: filters.role, state: filters.state });
  return query ? `${apiPaths.exports.users}?${query}` : apiPaths.exports.users;
}

/** GET /api/admin/users: one page with its totals. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery({
    queryKey: [...adminUsersKey, 'list', filters],
    queryFn: ({ signal }) =>
      api.get(`${apiPaths.adminUsers}?${adminUsersQuery(filters)}`, {
        schema: AdminUserListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
