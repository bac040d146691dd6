import { POSITION_ADMIN_MESSAGES } from '@cosa/contracts';
import { PagedResults } from '../../components/ui/paged-results';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { positionsExportHref, usePositions, type PositionFilters } from './api/positions';
import { PositionCard } from './components/position-card';
import { usePagedFilters } from '../../lib/paged-filters';
import { ExportLink } from '../../components/ui/export-link';
import { FilterSheet } from '../../components/ui/filter-sheet';

const START: PositionFilters = { q: '', unitId: '', type: '', state: '', page: 1 };
const STATE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'open', label: 'In use' },
  { value: 'retired', label: 'Retired' },
];
const stateOf = (value: string): PositionFilters['state'] =>
  value === 'open' || value === 'retired' ? value : '';

/** View Positions (spec section 2): search, department and type filters, the count line, cards and paging, all on the server. */
export function PositionsView() {
  const { filters, update, onSearch } = usePagedFilters(START);
  const positions = usePositions(filters);
  const data = positions.data;

  const body = (
    <PagedResults
      query={positions}
      loadingLabel="Loading positions..."
      failedMessage={POSITION_ADMIN_MESSAGES.positionsLoadFailed}
      emptyTitle={POSITION_ADMIN_MESSAGES.noPositions}
      pagerLabel="Positions pages"
      onPage={(page) => update({ page })}
      itemKey={(position) => position.id}
      renderItem={(position, page) => (
        <PositionCard position={position} clubUnit={page.scope.club !== null} />
      )}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterSheet
        label="Search positions"
        active={[filters.q, filters.unitId, filters.type, filters.state].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SearchField
          label="Search positions"
          placeholder="Title, position ID, unit or description"
          value={filters.q}
          onSearch={onSearch}
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
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(event) => update({ type: event.target.value })}
          options={[
            { value: '', label: 'All types' },
            ...(data?.types ?? []).map((type) => ({ value: type, label: type })),
          ]}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(event) => update({ state: stateOf(event.target.value) })}
          options={STATE_OPTIONS}
        />
      </FilterSheet>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" role="status">
          {data && POSITION_ADMIN_MESSAGES.showingPositions(data.total, data.overall)}
        </p>
        <ExportLink href={positionsExportHref(filters)} className="self-start sm:self-auto" />
      </div>
      {data?.scope.unlinked && (
        <p className="text-sm text-ink-muted">{POSITION_ADMIN_MESSAGES.noClub}</p>
      )}
      {body}
    </div>
  );
}
