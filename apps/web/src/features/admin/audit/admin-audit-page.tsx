import { useQueryClient } from '@tanstack/react-query';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_MESSAGES,
  type AuditAction,
  type AuditKind,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchPicker } from '../../../components/ui/search-picker';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { useUrlFilters } from '../../../lib/use-url-filters';
import {
  adminAuditKey,
  auditActorKey,
  auditDateErrors,
  auditExportHref,
  auditFiltersFrom,
  searchAuditActors,
  useAdminAudit,
  useAuditActor,
} from './api/admin-audit';
import { AuditEntryCard } from './components/audit-entry-card';
import { ExportLink } from '../../../components/ui/export-link';
import { FilterSheet } from '../../../components/ui/filter-sheet';

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/**
 * /admin/audit: every privileged change, newest first, filtered by who, what kind, which action and
 * which days (the institute's calendar), paged on the server; read only (deviation 60).
 */
export function AdminAuditPage() {
  const { filters, update } = useUrlFilters(auditFiltersFrom);
  // A date the server would refuse is said beside its field, and the log is not asked for meanwhile;
  // should the server refuse a filter all the same, its field message is shown there too.
  const dateErrors = auditDateErrors(filters);
  const audit = useAdminAudit(filters, !dateErrors.from && !dateErrors.to);
  const refused =
    audit.error instanceof ApiError && audit.error.status === 400 ? (audit.error.fields ?? {}) : {};
  const fromError = dateErrors.from ?? refused.from;
  const toError = dateErrors.to ?? refused.to;
  const timeZone = usePublicConfig().data?.timeZone;
  const queryClient = useQueryClient();
  const chosen = useAuditActor(filters.actorId);
  const actor = filters.actorId
    ? {
        id: filters.actorId,
        label: chosen.data?.label ?? (chosen.isPending ? 'Loading…' : 'Chosen person'),
        detail: chosen.data?.detail ?? null,
      }
    : null;

  const results =
    fromError || toError ? (
      <p className="text-sm text-ink-muted">{AUDIT_MESSAGES.fixDates}</p>
    ) : refused.page ? (
      <Alert tone="error">{refused.page}</Alert>
    ) : (
      <>
        {audit.data && (
          <p className="text-sm text-ink-muted" role="status">
            {AUDIT_MESSAGES.showing(audit.data.total, audit.data.capped)}
            {audit.data.capped && ` — ${AUDIT_MESSAGES.beyondCount}`}
          </p>
        )}
        <PagedResults
          query={audit}
          loadingLabel="Loading the audit log..."
          failedMessage={AUDIT_MESSAGES.loadFailed}
          emptyTitle={AUDIT_MESSAGES.empty}
          pagerLabel="Audit log pages"
          onPage={(page) => update({ page })}
          itemKey={(entry) => entry.id}
          renderItem={(entry) => <AuditEntryCard entry={entry} timeZone={timeZone} />}
          listClassName="grid-cols-1"
        />
      </>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Audit log"
        description="Every privileged change in the portal: who made it, when, and the values before and after. Nobody can edit or delete it."
        actions={<ExportLink href={auditExportHref(filters)} />}
        className="mb-2"
      />
      <FilterSheet
        label="Filter the audit log"
        active={
          [filters.actorId, filters.kind, filters.action, filters.from, filters.to].filter(Boolean)
            .length
        }
        className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5"
      >
        <SearchPicker
          label="Who"
          placeholder="Anyone"
          value={actor}
          onChange={(item) => {
            // The chosen person is named at once; a filter from the address asks the server.
            if (item) queryClient.setQueryData(auditActorKey(item.id), item);
            update({ actorId: item?.id ?? '' });
          }}
          search={searchAuditActors}
          queryKey={[...adminAuditKey, 'actors']}
          emptyText="Nobody by that name made a change"
        />
        <SelectField
          label="Kind"
          value={filters.kind}
          onChange={(event) => update({ kind: event.target.value as AuditKind | '' })}
          options={KIND_OPTIONS}
        />
        <SelectField
          label="Action"
          value={filters.action}
          onChange={(event) => update({ action: event.target.value as AuditAction | '' })}
          options={ACTION_OPTIONS}
        />
        <TextField
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          error={fromError}
          onChange={(event) => update({ from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          error={toError}
          onChange={(event) => update({ to: event.target.value })}
        />
      </FilterSheet>
      {results}
    </div>
  );
}
