import { useCallback } from 'react';
import type { RosterEntry } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { ExportLink } from '../../../components/ui/export-link';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useUrlFilters } from '../../../lib/use-url-filters';
import {
  rosterExportHref,
  rosterFiltersFrom,
  useRemoveMember,
  useRoster,
  type RosterStatus,
} from '../api/club-members';
import { CLUB_ADMIN_TEXTS } from '../club-admin-texts';
import { MemberRoleDialog } from './member-role-dialog';
import { ReasonDialog } from './reason-dialog';

const STATUS_OPTIONS: { value: RosterStatus; label: string }[] = [
  { value: 'current', label: 'Current' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<RosterStatus, string> = {
  current: 'No current members match.',
  past: 'No past memberships match.',
  all: 'No memberships match.',
};

function countLine(status: RosterStatus, total: number): string {
  const plural = total === 1 ? '' : 's';
  if (status === 'current') return `${total} current member${plural}`;
  if (status === 'past') return `${total} past membership${plural}`;
  return `${total} membership${plural} in all`;
}

function RemoveMember({ unitId, member }: { unitId: string; member: RosterEntry }) {
  const remove = useRemoveMember(unitId, member.id);
  return (
    <ReasonDialog
      triggerLabel="Remove"
      triggerAriaLabel={`Remove ${member.student.name}`}
      title={`Remove ${member.student.name} from the club?`}
      description="The membership ends today and stays on the roster as a past period. The student is told, with your reason."
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      onConfirm={async (reason) => {
        await remove.mutateAsync({ reason });
        toast.success(`${member.student.name} was removed from the club.`);
      }}
      failureMessage={CLUB_ADMIN_TEXTS.removeFailed}
    />
  );
}

function RosterEntryCard({ unitId, member }: { unitId: string; member: RosterEntry }) {
  return (
    <article
      aria-label={member.student.name}
      className="flex h-full min-w-0 flex-col gap-2 rounded-card border border-line-soft p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-ink">{member.student.name}</h3>
          {member.student.studentId && (
            <p className="text-sm text-ink-muted">Student ID {member.student.studentId}</p>
          )}
        </div>
        <Badge tone={member.endedAt ? 'neutral' : 'accent'}>{member.role}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {member.offices.length > 0 && (
          <>
            <dt className="text-ink-muted">Positions</dt>
            <dd className="break-words text-ink">{member.offices.join(', ')}</dd>
          </>
        )}
        <dt className="text-ink-muted">Started</dt>
        <dd className="text-ink">{formatDate(member.startedAt)}</dd>
        {member.endedAt && (
          <>
            <dt className="text-ink-muted">Ended</dt>
            <dd className="text-ink">{formatDate(member.endedAt)}</dd>
            <dt className="text-ink-muted">Reason</dt>
            <dd className="break-words text-ink">{member.endReason ?? 'Not given'}</dd>
          </>
        )}
      </dl>
      {!member.endedAt && (
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <MemberRoleDialog unitId={unitId} member={member} />
          <RemoveMember unitId={unitId} member={member} />
        </div>
      )}
    </article>
  );
}

/** The club's roster with its history: searched by name or student ID, current or past, paged, and exported. */
export function RosterSection({ unitId }: { unitId: string }) {
  const { filters, update } = useUrlFilters(rosterFiltersFrom);
  const roster = useRoster(unitId, filters);
  const onSearch = useCallback((q: string) => update({ q: q.trim() }), [update]);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <SearchField
          label="Search members"
          placeholder="Name or student ID"
          value={filters.q}
          onSearch={onSearch}
        />
        <SelectField
          label="Show"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value as RosterStatus })}
          options={STATUS_OPTIONS}
        />
        <ExportLink href={rosterExportHref(unitId, filters.status, filters.q)} />
      </div>
      {roster.data && (
        <p role="status" className="text-sm text-ink-muted">
          {countLine(filters.status, roster.data.total)}
        </p>
      )}
      <PagedResults
        query={roster}
        loadingLabel={CLUB_ADMIN_TEXTS.rosterLoading}
        failedMessage={CLUB_ADMIN_TEXTS.rosterLoadFailed}
        emptyTitle={EMPTY[filters.status]}
        pagerLabel="Roster pages"
        onPage={(page) => update({ page })}
        itemKey={(member) => member.id}
        renderItem={(member) => <RosterEntryCard unitId={unitId} member={member} />}
        listClassName="md:grid-cols-2"
      />
    </div>
  );
}
