import { ACHIEVEMENT_LEVELS, PROFICIENCY_LEVELS, type ACHIEVEMENT_TYPES } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { ReviewQuery } from '../api/pending-reviews-cache';
import { capitalised } from './review-card';

type ReviewType = (typeof ACHIEVEMENT_TYPES)[number];
/** The lists that are searched and filtered (positions have a list of their own). */
export type FilteredKind = 'user-skills' | 'skills' | 'achievements';

type ReviewFiltersProps = {
  kind: FilteredKind;
  /** The types the official reviews: the type filter shows only when there are several. */
  types: readonly ReviewType[];
  filters: ReviewQuery;
  onChange: (patch: Partial<ReviewQuery>) => void;
};

const SEARCH_HINTS: Record<FilteredKind, string> = {
  'user-skills': 'Student name, ID or skill',
  skills: 'Skill or student name',
  achievements: 'Student name, ID, title or event',
};

const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: capitalised(value) }));

/** The search and filters of one list, all done on the server, kept in the address. */
export function ReviewFilters({ kind, types, filters, onChange }: ReviewFiltersProps) {
  const narrowed = Boolean(
    filters.q || filters.level || filters.proficiency || filters.from || filters.to,
  );
  return (
    <div
      role="search"
      aria-label="Filters of the list"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SearchField
        label="Search"
        placeholder={SEARCH_HINTS[kind]}
        value={filters.q}
        onSearch={(q) => onChange({ q: q.trim() })}
        containerClassName="sm:col-span-2"
      />
      {types.length > 1 && (
        <SelectField
          label="Type"
          placeholder="All types"
          options={options(types)}
          value={filters.type}
          onChange={(event) => onChange({ type: event.target.value as ReviewQuery['type'] })}
        />
      )}
      {kind === 'achievements' && (
        <SelectField
          label="Level"
          placeholder="Any level"
          options={options(ACHIEVEMENT_LEVELS)}
          value={filters.level}
          onChange={(event) => onChange({ level: event.target.value as ReviewQuery['level'] })}
        />
      )}
      {kind === 'user-skills' && (
        <SelectField
          label="Proficiency"
          placeholder="Any proficiency"
          options={options(PROFICIENCY_LEVELS)}
          value={filters.proficiency}
          onChange={(event) =>
            onChange({ proficiency: event.target.value as ReviewQuery['proficiency'] })
          }
        />
      )}
      <TextField
        label="Submitted from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="Submitted to"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      {narrowed && (
        <Button
          variant="secondary"
          size="sm"
          className="self-end justify-self-start"
          onClick={() => onChange({ q: '', level: '', proficiency: '', from: '', to: '' })}
        >
          Clear search and filters
        </Button>
      )}
    </div>
  );
}
