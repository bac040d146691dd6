import { useCallback } from 'react';
import {
  ACCOUNT_STATE_LABELS,
  ACCOUNT_STATES,
  ADMIN_USER_MESSAGES,
  ROLE_LABELS,
  ROLES,
  type AccountState,
  type Role,
} from '@cosa/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { adminUserFiltersFrom, adminUsersExportHref, useAdminUsers } from './api/admin-users';
import { UserCard } from './components/user-card';
import { ExportLink } from '../../../components/ui/export-link';
import { FilterSheet } from '../../../components/ui/filter-sheet';

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];
const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...ACCOUNT_STATES.map((state) => ({ value: state, label: ACCOUNT_STATE_LABELS[state] })),
];

/** /admin/users: every account, searched, filtered and paged on the server; each opens the user (deviation 60). */
export function AdminUsersPage() {
  const { filters, update } = useUrlFilters(adminUserFiltersFrom);
  const users = useAdminUsers(filters);
  const onSearch = useCallback((q: string) => update({ q: q.trim() }), [update]);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Users and roles"
        description="Find an account to change its role, deactivate or reactivate it, or sign it out everywhere."
        actions={<ExportLink href={adminUsersExportHref(filters)} />}
        className="mb-2"
      />
      <FilterSheet
        label="Search users"
        active={[filters.q, filters.role, filters.state].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SearchField
          label="Search users"
          placeholder="Name, e-mail or student ID"
          value={filters.q}
          onSearch={onSearch}
        />
        <SelectField
          label="Role"
          value={filters.role}
          onChange={(event) => update({ role: event.target.value as Role | '' })}
          options={ROLE_OPTIONS}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(event) => update({ state: event.target.value as AccountState | '' })}
          options={STATE_OPTIONS}
        />
      </FilterSheet>
      {users.data && (
        <p className="text-sm text-ink-muted" role="status">
          {ADMIN_USER_MESSAGES.showingUsers(users.data.total, users.data.overall)}
        </p>
      )}
      <PagedResults
        query={users}
        loadingLabel="Loading users..."
        failedMessage={ADMIN_USER_MESSAGES.usersLoadFailed}
        emptyTitle={ADMIN_USER_MESSAGES.noUsers}
        pagerLabel="Users pages"
        onPage={(page) => update({ page })}
        itemKey={(user) => user.id}
        renderItem={(user) => <UserCard user={user} />}
        listClassName="md:grid-cols-2 2xl:grid-cols-3"
      />
    </div>
  );
}
