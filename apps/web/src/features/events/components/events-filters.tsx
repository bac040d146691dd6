import { useState, type ReactNode } from 'react';
import type { LookupItem } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { FilterSheet } from '../../../components/ui/filter-sheet';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { SelectField } from '../../../components/ui/select';
import type { EventCategory, EventFilters } from '../api/get-events';
import { searchUnits, unitLookupKey } from '../api/search-lookups';
import { CATEGORY_OPTIONS } from '../event-labels';

type EventsFiltersProps = {
  filters: EventFilters;
  update: (patch: Partial<EventFilters>) => void;
  /** The name of the unit the list is narrowed to, once the server has said it. */
  unitName: string | undefined;
  /** Proposals the user may decide now: the 'Awaiting your decision' filter is offered when any wait. */
  awaitingDecision: number;
};

/** A yes-or-no filter as a labelled checkbox, as large as a finger. */
function FlagFilter({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-ink has-[:checked]:border-accent has-[:checked]:bg-accent-soft">
      <input
        type="checkbox"
        className="size-5 accent-accent"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

const flag = (checked: boolean): '' | 'true' => (checked ? 'true' : '');

/**
 * The /events filters: category, the organizing club (any unit, from the units lookup), registration
 * open now, this week, and, for those with proposals to decide, the proposals awaiting a decision.
 * On a phone they fold behind one 'Filters' button.
 */
export function EventsFilters({ filters, update, unitName, awaitingDecision }: EventsFiltersProps) {
  // The unit just chosen is named at once; one from the address is named by the list's answer.
  const [chosen, setChosen] = useState<LookupItem | null>(null);
  const unit: LookupItem | null = filters.unitId
    ? {
        id: filters.unitId,
        label: chosen?.id === filters.unitId ? chosen.label : (unitName ?? 'Loading…'),
        detail: null,
      }
    : null;
  const active = [filters.category, filters.unitId, filters.open, filters.week, filters.pending].filter(
    Boolean,
  ).length;
  return (
    <FilterSheet
      label="Filter events"
      active={active}
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,12rem)_minmax(0,18rem)_auto] lg:items-end"
    >
      <SelectField
        label="Category"
        placeholder="All categories"
        options={CATEGORY_OPTIONS}
        value={filters.category}
        onChange={(event) => update({ category: event.target.value as EventCategory | '' })}
      />
      <LazySearchPicker
        label="Club"
        placeholder="Any club or unit"
        value={unit}
        onChange={(item) => {
          setChosen(item);
          update({ unitId: item?.id ?? '' });
        }}
        search={searchUnits}
        queryKey={unitLookupKey}
        emptyText="No units match"
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1">
        <FlagFilter checked={filters.open === 'true'} onChange={(on) => update({ open: flag(on) })}>
          Registration open
        </FlagFilter>
        <FlagFilter checked={filters.week === 'true'} onChange={(on) => update({ week: flag(on) })}>
          This week
        </FlagFilter>
        {(awaitingDecision > 0 || filters.pending === 'true') && (
          <FlagFilter
            checked={filters.pending === 'true'}
            onChange={(on) => update({ pending: flag(on) })}
          >
            Awaiting your decision ({awaitingDecision})
          </FlagFilter>
        )}
        {active > 0 && (
          <Button
            variant="ghost"
            onClick={() => {
              setChosen(null);
              update({ category: '', unitId: '', open: '', week: '', pending: '' });
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </FilterSheet>
  );
}
