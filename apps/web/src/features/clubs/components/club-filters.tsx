import type { ClubDirectory } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { FilterSheet } from '../../../components/ui/filter-sheet';
import { SelectField } from '../../../components/ui/select';
import type { ClubFilters } from '../api/get-clubs';
import { categoryLabel } from './club-logo';

type ClubFiltersProps = {
  filters: ClubFilters;
  update: (patch: Partial<ClubFilters>) => void;
  /** What the server offers to filter by (nothing until the first answer). */
  offered: Pick<ClubDirectory, 'councils' | 'categories'> | undefined;
};

/** The directory's council and category filters; on a phone they fold behind one 'Filters' button. */
export function ClubFiltersRow({ filters, update, offered }: ClubFiltersProps) {
  const active = [filters.council, filters.category].filter(Boolean).length;
  return (
    <FilterSheet
      label="Filter clubs"
      active={active}
      className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,16rem)_auto] sm:items-end"
    >
      <SelectField
        label="Council"
        placeholder="All councils"
        options={(offered?.councils ?? []).map((council) => ({
          value: council.id,
          label: council.name,
        }))}
        value={filters.council}
        onChange={(event) => update({ council: event.target.value })}
      />
      <SelectField
        label="Category"
        placeholder="All categories"
        options={(offered?.categories ?? []).map((category) => ({
          value: category,
          label: categoryLabel(category),
        }))}
        value={filters.category}
        onChange={(event) => update({ category: event.target.value })}
      />
      {active > 0 && (
        <div>
          <Button variant="ghost" onClick={() => update({ council: '', category: '' })}>
            Clear filters
          </Button>
        </div>
      )}
    </FilterSheet>
  );
}
