import { COUNCIL_DIRECTORY_MESSAGES, type OfficeBearer } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { formatPositionDate } from '../../../lib/format';
import { useOfficeBearers, type DirectoryFilters } from '../api/directory';
import { usePagedFilters } from '../../../lib/paged-filters';
import { FilterSheet } from '../../../components/ui/filter-sheet';

const START: DirectoryFilters = { q: '', unitId: '', page: 1 };

function BearerCard({ bearer }: { bearer: OfficeBearer }) {
  return (
    <Card className="flex h-full min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words text-ink">{bearer.name}</h3>
        <Badge tone="accent">{bearer.tenureYear}</Badge>
      </div>
      <p className="text-sm break-words text-ink">
        {bearer.position.title} <span className="text-ink-muted">({bearer.position.positionType})</span>
      </p>
      <p className="text-sm break-words text-ink-muted">{bearer.unit.name}</p>
      {bearer.since && (
        <p className="mt-auto text-xs text-ink-muted">Appointed {formatPositionDate(bearer.since)}</p>
      )}
    </Card>
  );
}

/** COSA View's office-bearers: who holds each position now, searched and filtered on the server. */
export function OfficeBearersView() {
  const { filters, update, onSearch } = usePagedFilters(START);
  const bearers = useOfficeBearers(filters);
  const data = bearers.data;

  const body = (
    <PagedResults
      query={bearers}
      loadingLabel="Loading office-bearers..."
      failedMessage={COUNCIL_DIRECTORY_MESSAGES.bearersLoadFailed}
      emptyTitle={COUNCIL_DIRECTORY_MESSAGES.noBearers}
      pagerLabel="Office-bearers pages"
      onPage={(page) => update({ page })}
      itemKey={(item) => item.id}
      renderItem={(bearer) => <BearerCard bearer={bearer} />}
      listClassName="sm:grid-cols-2 xl:grid-cols-3"
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterSheet
        label="Search office-bearers"
        active={[filters.q, filters.unitId].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2"
      >
        <SearchField
          label="Search office-bearers"
          placeholder="Name, position or unit"
          value={filters.q}
          onSearch={onSearch}
        />
        <SelectField
          label="Unit"
          value={filters.unitId}
          onChange={(event) => update({ unitId: event.target.value })}
          options={[
            { value: '', label: 'All units' },
            ...(data?.units ?? []).map((unit) => ({ value: unit.id, label: unit.name })),
          ]}
        />
      </FilterSheet>
      {data && (
        <p className="text-sm text-ink-muted" role="status">
          {COUNCIL_DIRECTORY_MESSAGES.showingBearers(data.items.length, data.total)}
        </p>
      )}
      {body}
    </div>
  );
}
