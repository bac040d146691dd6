import {
  ENDORSEMENT_DECISION_MESSAGES,
  ENDORSEMENT_MESSAGES,
  normalizeRole,
  type ReviewCounts,
} from '@cosa/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { useSession } from '../../lib/session';
import { useApproveMany } from './api/bulk-approve';
import { usePendingAchievements } from './api/get-pending-achievements';
import { usePendingPositions } from './api/get-pending-positions';
import { usePendingSkills } from './api/get-pending-skills';
import { usePendingUserSkills } from './api/get-pending-user-skills';
import { useReviewCounts } from './api/get-review-counts';
import { reviewExportHref, type ReviewKind, type ReviewQuery } from './api/pending-reviews-cache';
import type { UndoableKind } from './api/undo-review';
import { AchievementItem } from './components/achievement-item';
import { PositionItem } from './components/position-item';
import { ReviewList } from './components/review-list';
import { SkillItem } from './components/skill-item';
import { UserSkillItem } from './components/user-skill-item';
import { useEndorseFilters } from './use-endorse-filters';

type PanelProps = { filters: ReviewQuery; onChange: (patch: Partial<ReviewQuery>) => void };

/** "Endorse selected" (or "Verify selected") of a list, naming its items from the page shown. */
function useBulk(kind: UndoableKind, names: Map<string, string>, versions?: Map<string, number>) {
  const nameOf = (id: string) => names.get(id) ?? 'An item';
  const approve = useApproveMany(kind, nameOf, (id) => versions?.get(id));
  const verify = kind === 'achievements';
  return {
    approveText: verify
      ? ENDORSEMENT_DECISION_MESSAGES.verifySelected
      : ENDORSEMENT_DECISION_MESSAGES.endorseSelected,
    busyText: verify
      ? ENDORSEMENT_DECISION_MESSAGES.verifyingSelected
      : ENDORSEMENT_DECISION_MESSAGES.endorsingSelected,
    nameOf,
    approve: (ids: string[], options: { onSuccess: () => void }) => approve.mutate(ids, options),
    isPending: approve.isPending,
  };
}

function UserSkillsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingUserSkills(filters);
  const names = new Map(
    (query.data?.items ?? []).map((item) => [item.id, `${item.skill.name} by ${item.student.name}`]),
  );
  const bulk = useBulk('user-skills', names);
  const texts = {
    loading: 'Loading user skills...',
    empty: ENDORSEMENT_MESSAGES.allUserSkillsEndorsed,
    loadFailed: ENDORSEMENT_MESSAGES.loadUserSkillsFailed,
    pages: 'User skills pages',
  };
  return (
    <ReviewList
      query={query}
      texts={texts}
      filters={filters}
      onChange={onChange}
      kind="user-skills"
      bulk={bulk}
      renderItem={(item, selection) => <UserSkillItem item={item} selection={selection} />}
      exportHref={reviewExportHref('user-skills', filters)}
    />
  );
}

function SkillsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingSkills(filters);
  const names = new Map(
    (query.data?.items ?? []).map((item) => [
      item.id,
      item.submittedBy ? `${item.name} by ${item.submittedBy.name}` : item.name,
    ]),
  );
  const bulk = useBulk('skills', names);
  const texts = {
    loading: 'Loading skills...',
    empty: ENDORSEMENT_MESSAGES.allSkillsEndorsed,
    loadFailed: ENDORSEMENT_MESSAGES.loadSkillsFailed,
    pages: 'Skills pages',
  };
  return (
    <ReviewList
      query={query}
      texts={texts}
      filters={filters}
      onChange={onChange}
      kind="skills"
      bulk={bulk}
      renderItem={(item, selection) => <SkillItem item={item} selection={selection} />}
    />
  );
}

function AchievementsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingAchievements(filters);
  const names = new Map(
    (query.data?.items ?? []).map((item) => [item.id, `${item.title} by ${item.student.name}`]),
  );
  const versions = new Map((query.data?.items ?? []).map((item) => [item.id, item.version]));
  const bulk = useBulk('achievements', names, versions);
  const texts = {
    loading: 'Loading achievements...',
    empty: ENDORSEMENT_MESSAGES.noAchievements,
    loadFailed: ENDORSEMENT_MESSAGES.loadAchievementsFailed,
    pages: 'Achievements pages',
  };
  return (
    <ReviewList
      query={query}
      texts={texts}
      filters={filters}
      onChange={onChange}
      kind="achievements"
      bulk={bulk}
      renderItem={(item, selection) => <AchievementItem item={item} selection={selection} />}
      exportHref={reviewExportHref('achievements', filters)}
    />
  );
}

function PositionsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingPositions(filters.page);
  const texts = {
    loading: 'Loading the positions awaiting verification...',
    empty: ENDORSEMENT_MESSAGES.noPositions,
    loadFailed: ENDORSEMENT_MESSAGES.loadPositionsFailed,
    pages: 'Positions pages',
  };
  // Positions have no type nor search: the list is the same whatever the other tabs were narrowed to.
  return (
    <ReviewList
      query={query}
      texts={texts}
      filters={{ ...filters, type: '', q: '', level: '', proficiency: '', from: '', to: '' }}
      onChange={onChange}
      renderItem={(item) => <PositionItem item={item} />}
    />
  );
}

/**
 * A tab's spec label with the count of what awaits the official there, once it is known. The
 * count is drawn beside the name (generated content), so the tab's name and text stay the spec's;
 * the list itself says how many await ("n selected of m awaiting").
 */
function TabLabel({ label, count }: { label: string; count: number | undefined }) {
  return (
    <span className="inline-flex items-center gap-2">
      {label}
      {count !== undefined && (
        <span
          aria-hidden="true"
          data-count={count}
          className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-ink tabular-nums after:content-[attr(data-count)]"
        />
      )}
    </span>
  );
}

/**
 * /gensec-endorse: what waits for the official's review, in four tabs with their counts; the
 * president sees every type. A club coordinator reviews their club's members (every type) and has
 * no catalogue tab.
 */
export function EndorsePage() {
  const { data: user } = useSession();
  const { filters, update } = useEndorseFilters();
  const counts = useReviewCounts().data;
  if (!user) return null;
  const coordinator = normalizeRole(user.role) === 'CLUB_COORDINATOR';
  const { tab: chosen, ...list } = filters;
  const panel = { filters: list, onChange: update };
  const tab = coordinator && chosen === 'skills' ? 'user-skills' : chosen;
  const label = (text: string, key: keyof ReviewCounts) => (
    <TabLabel label={text} count={counts?.[key]} />
  );
  const tabs = [
    {
      value: 'user-skills',
      label: label(ENDORSEMENT_MESSAGES.userSkillsTab, 'userSkills'),
      content: <UserSkillsPanel {...panel} />,
    },
    ...(coordinator
      ? []
      : [
          {
            value: 'skills',
            label: label(ENDORSEMENT_MESSAGES.skillsTab, 'skills'),
            content: <SkillsPanel {...panel} />,
          },
        ]),
    {
      value: 'achievements',
      label: label(ENDORSEMENT_MESSAGES.achievementsTab, 'achievements'),
      content: <AchievementsPanel {...panel} />,
    },
    {
      value: 'positions',
      label: label(ENDORSEMENT_MESSAGES.positionsTab, 'positions'),
      content: <PositionsPanel {...panel} />,
    },
  ];

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={ENDORSEMENT_MESSAGES.heading}
        description={
          coordinator
            ? "Endorse or verify what your club's members submitted, or decline it with a reason they will see."
            : 'Endorse or verify what students submitted, or decline it with a reason they will see.'
        }
      />
      <Tabs
        label="Items awaiting review"
        value={tab}
        onValueChange={(next) => update({ tab: next as ReviewKind })}
        items={tabs}
      />
    </div>
  );
}
