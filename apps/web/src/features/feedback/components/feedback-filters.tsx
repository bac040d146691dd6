import { FEEDBACK_STATUS_FILTERS, FEEDBACK_TYPES, type FeedbackList } from '@cosa/contracts';
import { optionsOf, SelectField } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import type { FeedbackFilters } from '../api/get-feedback-list';
import { FilterSheet } from '../../../components/ui/filter-sheet';

type Counts = FeedbackList['counts'];
type FiltersProps = {
  filters: FeedbackFilters;
  counts: Counts | undefined;
  update: (patch: Partial<FeedbackFilters>) => void;
};

const TYPE_OPTIONS = optionsOf(FEEDBACK_TYPES);
const TOTALS = [
  { key: 'all', label: 'Total' },
  { key: 'resolved', label: 'Resolved' },
  { key: 'unresolved', label: 'Not Resolved' },
] as const satisfies readonly { key: keyof Counts; label: string }[];

/** All, resolved and not resolved, for the chosen type. */
export function FeedbackTotals({ counts }: { counts: Counts }) {
  return (
    <section aria-label="Totals" className="mb-4">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {TOTALS.map(({ key, label }) => (
          <div
            key={key}
            className="min-w-0 rounded-card border border-line-soft bg-surface p-3 text-center shadow-card sm:p-4"
          >
            <dt className="text-xs font-medium break-words text-ink-muted sm:text-sm">{label}</dt>
            <dd className="text-2xl font-bold text-ink">{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The status filter (All, Resolved, Not Resolved, with their counts) and the type filter (All and the seven types). */
export function FeedbackFiltersBar({ filters, counts, update }: FiltersProps) {
  const status = filters.status || 'all';
  return (
    <FilterSheet
      label="Filter feedback"
      active={[filters.status, filters.type].filter(Boolean).length}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"
    >
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        {FEEDBACK_STATUS_FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => update({ status: value === 'all' ? '' : value })}
            className={cn(
              'min-h-11 rounded-lg border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
              status === value
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line bg-surface text-ink hover:bg-accent-soft',
            )}
          >
            {label}
            {counts && ` (${counts[value]})`}
          </button>
        ))}
      </div>
      <SelectField
        label="Feedback type"
        placeholder="All"
        options={TYPE_OPTIONS}
        value={filters.type}
        onChange={(event) => update({ type: event.target.value as FeedbackFilters['type'] })}
        containerClassName="sm:w-56"
      />
    </FilterSheet>
  );
}
