import { POSITION_ADMIN_MESSAGES } from '@cosa/contracts';
import { PagedResults } from '../../components/ui/paged-results';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { holdersExportHref, useHolders, type HolderFilters } from './api/holders';
import { STATUS_LABELS } from './cosa-labels';
import { HolderCard } from './components/holder-card';
import { usePagedFilters } from '../../lib/paged-filters';
import { ExportLink } from '../../components/ui/export-link';
import { FilterSheet } from '../../components/ui/filter-sheet';

const START: HolderFilters = { q: '', status: '', tenureYear: '', unitId: '', page: 1 };
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** View Position Holders (spec section 2): search, status, tenure-year and department filters, the count line, cards and paging, on the server. */
export function HoldersView() {
  const { filters, update, onSearch } = usePagedFilters(START);
  const holders = useHolders(filters);
  const data = holders.data;

  const body = (
    <PagedResults
      query={holders}
      loadingLabel="Loading position holders..."
      failedMessage={POSITION_ADMIN_MESSAGES.holdersLoadFailed}
      emptyTitle={POSITION_ADMIN_MESSAGES.noHolders}
      pagerLabel="Position holders pages"
      onPage={(page) => update({ page })}
      itemKey={(item) => item.id}
      renderItem={(holder) => <HolderCard holder={holder} />}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterSheet
        label="Search position holders"
        active={[filters.q, filters.status, filters.tenureYear, filters.unitId].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SearchField
          label="Search position holders"
          placeholder="Name, e-mail, student ID, position or POR ID"
          value={filters.q}
          onSearch={onSearch}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value })}
          options={STATUS_OPTIONS}
        />
        <SelectField
          label="Tenure year"
          value={filters.tenureYear}
          onChange={(event) => update({ tenureYear: event.target.value })}
          options={[
            { value: '', label: 'All tenure years' },
            ...(data?.tenureYears ?? []).map((year) => ({ value: year, label: year })),
          ]}
        />
        <SelectField
          label="Department"
          value={filters.unitId}
          onChange={(event) => update({ unitId: event.target.value })}
          options={[
            { value: '', label: 'All departments' },
            ...(data?.departments ?? []).map((unit) => ({ value: unit.id, label: unit.name })),
          ]}
        />
      </FilterSheet>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" role="status">
          {data && POSITION_ADMIN_MESSAGES.showingHolders(data.total, data.overall)}
        </p>
        <ExportLink href={holdersExportHref(filters)} className="self-start sm:self-auto" />
      </div>
      {body}
    </div>
  );
}
