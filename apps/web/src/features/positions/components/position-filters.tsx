import { useEffect, useState } from 'react';
import { SelectField, type SelectOption } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { MyPositionFilters } from '../api/get-my-positions';
import { STATUS_LABELS } from '../position-labels';
import { FilterSheet } from '../../../components/ui/filter-sheet';

/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_OPTIONS: SelectOption[] = [
  { value: '', label: 'All' },
  ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

type PositionFiltersProps = {
  filters: MyPositionFilters;
  tenureYears: readonly string[];
  onChange: (patch: Partial<MyPositionFilters>) => void;
};

/** Search, status and tenure-year filters of the student's positions; the search waits for typing to rest. */
export function PositionFilters({ filters, tenureYears, onChange }: PositionFiltersProps) {
  const [text, setText] = useState(filters.q);

  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ q: text.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  // A tenure year chosen from a link stays selectable even when the student holds nothing in it.
  const years =
    filters.tenureYear && !tenureYears.includes(filters.tenureYear)
      ? [filters.tenureYear, ...tenureYears]
      : tenureYears;
  const yearOptions: SelectOption[] = [
    { value: '', label: 'All' },
    ...years.map((year) => ({ value: year, label: year })),
  ];

  return (
    <FilterSheet
      label="Filter positions"
      active={[filters.q, filters.status, filters.tenureYear].filter(Boolean).length}
      className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <TextField
        label="Search positions"
        type="search"
        placeholder="Search by position or department"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as MyPositionFilters['status'] })}
      />
      <SelectField
        label="Tenure year"
        options={yearOptions}
        value={filters.tenureYear}
        onChange={(event) => onChange({ tenureYear: event.target.value })}
      />
    </FilterSheet>
  );
}
