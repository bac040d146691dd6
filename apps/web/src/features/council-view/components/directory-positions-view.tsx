import { COUNCIL_DIRECTORY_MESSAGES, yearOrdinal, type DirectoryPosition } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { useDirectoryPositions, type DirectoryFilters } from '../api/directory';
import { usePagedFilters } from '../../../lib/paged-filters';
import { FilterSheet } from '../../../components/ui/filter-sheet';

type Filters = DirectoryFilters & { open: boolean };
const START: Filters = { q: '', unitId: '', page: 1, open: false };

function Fit({ gaps }: { gaps: readonly string[] }) {
  if (gaps.length === 0)
    return <p className="text-sm font-medium text-success-700">{COUNCIL_DIRECTORY_MESSAGES.meets}</p>;
  return (
    <div className="text-sm text-warning-700">
      <p className="font-medium">{COUNCIL_DIRECTORY_MESSAGES.shortOf}</p>
      <ul className="list-disc pl-5">
        {gaps.map((gap) => (
          <li key={gap} className="break-words">
            {gap}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PositionCard({ position }: { position: DirectoryPosition }) {
  const { requirements } = position;
  const full = position.filled >= position.positionCount;
  return (
    <Card className="flex h-full min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-ink">{position.title}</h3>
          <p className="text-sm break-words text-ink-muted">{position.unit.name}</p>
        </div>
        <Badge tone="accent">{position.positionType}</Badge>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
        {COUNCIL_DIRECTORY_MESSAGES.seats(position.filled, position.positionCount, position.tenure)}
        <Badge tone={full ? 'neutral' : 'success'}>{full ? 'Full' : 'Seat free'}</Badge>
      </p>
      {position.description && (
        <p className="line-clamp-3 text-sm break-words text-ink">{position.description}</p>
      )}
      <details className="text-sm text-ink">
        <summary className="cursor-pointer font-medium text-accent-ink focus-visible:outline-2 focus-visible:outline-accent">
          Responsibilities and requirements
        </summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
          {position.responsibilities.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
        <dl className="mt-2 grid gap-1">
          <div>
            <dt className="inline text-ink-muted">Minimum CGPA: </dt>
            <dd className="inline">{requirements.minCgpa.toFixed(1)}</dd>
          </div>
          <div>
            <dt className="inline text-ink-muted">Minimum year: </dt>
            <dd className="inline">{yearOrdinal(requirements.minYear)}</dd>
          </div>
          <div>
            <dt className="inline text-ink-muted">Skills required: </dt>
            <dd className="inline break-words">{requirements.skillsRequired.join(', ') || 'None'}</dd>
          </div>
        </dl>
      </details>
      {position.gaps && (
        <div className="mt-auto border-t border-line-soft pt-3">
          <Fit gaps={position.gaps} />
        </div>
      )}
    </Card>
  );
}

/** COSA View's positions: what each asks, its seats this tenure and, for a student, how their record compares. */
export function DirectoryPositionsView() {
  const { filters, update, onSearch } = usePagedFilters(START);
  const positions = useDirectoryPositions(filters);
  const data = positions.data;

  const body = (
    <PagedResults
      query={positions}
      loadingLabel="Loading positions..."
      failedMessage={COUNCIL_DIRECTORY_MESSAGES.positionsLoadFailed}
      emptyTitle={COUNCIL_DIRECTORY_MESSAGES.noPositions}
      pagerLabel="Positions pages"
      onPage={(page) => update({ page })}
      itemKey={(item) => item.id}
      renderItem={(position) => <PositionCard position={position} />}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterSheet
        label="Search positions"
        active={[filters.q, filters.unitId, filters.open].filter(Boolean).length}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SearchField
          label="Search positions"
          placeholder="Title, unit or description"
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
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={filters.open}
            onChange={(event) => update({ open: event.target.checked })}
          />
          {COUNCIL_DIRECTORY_MESSAGES.openOnly}
        </label>
      </FilterSheet>
      {data && (
        <p className="text-sm text-ink-muted" role="status">
          {COUNCIL_DIRECTORY_MESSAGES.showingPositions(data.items.length, data.total)}
        </p>
      )}
      {body}
    </div>
  );
}
