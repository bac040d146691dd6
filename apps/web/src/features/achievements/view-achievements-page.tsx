import { useCallback } from 'react';
import { Link } from 'react-router';
import { ACHIEVEMENT_MESSAGES, type AchievementList } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField, type SelectOption } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { SearchField } from '../../components/ui/search-field';
import { paths } from '../../lib/paths';
import { useMyAchievements, type AchievementFilters } from './api/get-my-achievements';
import { AchievementCard } from './components/achievement-card';
import { useAchievementFilters } from './use-achievement-filters';
import { FilterSheet } from '../../components/ui/filter-sheet';

const STATUS_OPTIONS: SelectOption[] = [
  { value: 'verified', label: ACHIEVEMENT_MESSAGES.verified },
  { value: 'pending', label: ACHIEVEMENT_MESSAGES.pending },
  { value: 'declined', label: ACHIEVEMENT_MESSAGES.declined },
];

/** The choices the server offers, plus the one in the address if the server no longer lists it. */
function choices(values: readonly string[] | undefined, selected: string): SelectOption[] {
  const all = [...(values ?? [])];
  if (selected && !all.includes(selected)) all.unshift(selected);
  return all.map((value) => ({ value, label: value }));
}

/** The search box: what is typed goes to the address (and so to the server) once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  return (
    <SearchField
      label="Search achievements"
      placeholder="Title, description, category..."
      value={value}
      onSearch={onSearch}
      containerClassName="sm:col-span-2 lg:col-span-1"
    />
  );
}

function Filters({
  filters,
  list,
  update,
}: {
  filters: AchievementFilters;
  list: AchievementList | undefined;
  update: (patch: Partial<AchievementFilters>) => void;
}) {
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  return (
    <FilterSheet
      label="Search and filter achievements"
      active={[filters.q, filters.category, filters.level, filters.status].filter(Boolean).length}
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <SearchBox value={filters.q} onSearch={onSearch} />
      <SelectField
        label="Category"
        placeholder="All categories"
        options={choices(list?.facets.categories, filters.category)}
        value={filters.category}
        onChange={(event) => update({ category: event.target.value })}
      />
      <SelectField
        label="Level"
        placeholder="All levels"
        options={choices(list?.facets.levels, filters.level)}
        value={filters.level}
        onChange={(event) => update({ level: event.target.value })}
      />
      <SelectField
        label="Status"
        placeholder="All"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) => update({ status: event.target.value as AchievementFilters['status'] })}
      />
    </FilterSheet>
  );
}

/** /view-achievements: the student's achievements, searched, filtered and paged on the server. */
export function ViewAchievementsPage() {
  const { filters, update } = useAchievementFilters();
  const achievements = useMyAchievements(filters);
  const list = achievements.data;

  let body;
  if (achievements.isPending)
    body = <Spinner label="Loading achievements..." visibleLabel size="lg" className="py-10" />;
  else if (achievements.isError)
    body = (
      <ErrorState
        message={ACHIEVEMENT_MESSAGES.fetchFailed}
        onRetry={() => void achievements.refetch()}
        retrying={achievements.isFetching}
      />
    );
  else if (list && list.overall === 0)
    body = (
      <EmptyState
        title={ACHIEVEMENT_MESSAGES.emptyMine}
        action={
          <Link
            to={paths.addAchievement}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Add your first achievement
          </Link>
        }
      />
    );
  else if (list && list.items.length === 0) body = <EmptyState title={ACHIEVEMENT_MESSAGES.noMatch} />;
  else if (list)
    body = (
      <>
        <ul
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={achievements.isPlaceholderData || undefined}
        >
          {list.items.map((achievement) => (
            <li key={achievement.id} className="min-w-0">
              <AchievementCard achievement={achievement} />
            </li>
          ))}
        </ul>
        <Pager
          label="Achievements pages"
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={(page) => update({ page })}
        />
      </>
    );

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Your Achievements"
        actions={
          <Link to={paths.addAchievement} className={buttonClasses()}>
            Add Achievement
          </Link>
        }
      />
      <Filters filters={filters} list={list} update={update} />
      {list && !achievements.isError && (
        <p className="mb-4 text-sm text-ink-muted" role="status">
          {ACHIEVEMENT_MESSAGES.showing(list.total, list.overall)}
        </p>
      )}
      {body}
    </div>
  );
}
