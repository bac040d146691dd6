import { useCallback } from 'react';
import {
  ADMIN_SKILL_MESSAGES,
  SKILL_STATE_LABELS,
  SKILL_STATES,
  SKILL_TYPE_LABELS,
  SKILL_TYPES,
  type SkillState,
} from '@cosa/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedResults } from '../../../components/ui/paged-results';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { usePublicConfig } from '../../../lib/public-config';
import { useUrlFilters } from '../../../lib/use-url-filters';
import {
  adminSkillFiltersFrom,
  adminSkillsExportHref,
  useAdminSkills,
  type AdminSkillFilters,
} from './api/admin-skills';
import { SkillCard } from './components/skill-card';
import { ExportLink } from '../../../components/ui/export-link';
import { FilterSheet } from '../../../components/ui/filter-sheet';

const TYPE_OPTIONS = [
  { value: '', label: 'All types' },
  ...SKILL_TYPES.map((type) => ({ value: type, label: SKILL_TYPE_LABELS[type] })),
];
const STATE_OPTIONS = [
  { value: '', label: 'All states' },
  ...SKILL_STATES.map((state) => ({ value: state, label: SKILL_STATE_LABELS[state] })),
];

/** /admin/skills: the skill catalogue, searched, filtered and paged on the server, with rename, merge and retire (deviation 60). */
export function AdminSkillsPage() {
  const { filters, update } = useUrlFilters(adminSkillFiltersFrom);
  const skills = useAdminSkills(filters);
  const timeZone = usePublicConfig().data?.timeZone;
  const onSearch = useCallback((q: string) => update({ q: q.trim() }), [update]);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Skill catalogue"
        description="Rename or retype a skill, merge a duplicate a student created into an existing skill, or retire a skill from the catalogue."
        actions={<ExportLink href={adminSkillsExportHref(filters)} />}
        className="mb-2"
      />
      <FilterSheet
        label="Search skills"
        active={[filters.q, filters.type, filters.state].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SearchField
          label="Search skills"
          placeholder="Name, category or skill ID"
          value={filters.q}
          onSearch={onSearch}
        />
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(event) => update({ type: event.target.value as AdminSkillFilters['type'] })}
          options={TYPE_OPTIONS}
        />
        <SelectField
          label="State"
          value={filters.state}
          onChange={(event) => update({ state: event.target.value as SkillState | '' })}
          options={STATE_OPTIONS}
        />
      </FilterSheet>
      {skills.data && (
        <p className="text-sm text-ink-muted" role="status">
          {ADMIN_SKILL_MESSAGES.showingSkills(skills.data.total, skills.data.overall)}
        </p>
      )}
      <PagedResults
        query={skills}
        loadingLabel="Loading skills..."
        failedMessage={ADMIN_SKILL_MESSAGES.skillsLoadFailed}
        emptyTitle={ADMIN_SKILL_MESSAGES.noSkills}
        pagerLabel="Skills pages"
        onPage={(page) => update({ page })}
        itemKey={(skill) => skill.id}
        renderItem={(skill) => <SkillCard skill={skill} timeZone={timeZone} />}
        listClassName="md:grid-cols-2 2xl:grid-cols-3"
      />
    </div>
  );
}
