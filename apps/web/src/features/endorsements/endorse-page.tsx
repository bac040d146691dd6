import { ENDORSEMENT_MESSAGES, normalizeRole } from '@cosa/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { useSession } from '../../lib/session';
import { usePendingAchievements } from './api/get-pending-achievements';
import { usePendingPositions } from './api/get-pending-positions';
import { usePendingSkills } from './api/get-pending-skills';
import { usePendingUserSkills } from './api/get-pending-user-skills';
import { reviewExportHref, type ReviewKind, type ReviewQuery } from './api/pending-reviews-cache';
import { AchievementItem } from './components/achievement-item';
import { PositionItem } from './components/position-item';
import { ReviewList } from './components/review-list';
import { SkillItem } from './components/skill-item';
import { UserSkillItem } from './components/user-skill-item';
import { useEndorseFilters } from './use-endorse-filters';

type PanelProps = { filters: ReviewQuery; onChange: (patch: Partial<ReviewQuery>) => void };

function UserSkillsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingUserSkills(filters);
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
      renderItem={(item) => <UserSkillItem item={item} />}
      exportHref={reviewExportHref('user-skills', filters)}
    />
  );
}

function SkillsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingSkills(filters);
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
      renderItem={(item) => <SkillItem item={item} />}
    />
  );
}

function AchievementsPanel({ filters, onChange }: PanelProps) {
  const query = usePendingAchievements(filters);
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
      renderItem={(item) => <AchievementItem item={item} />}
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
  // Positions have no type: the list is the same whatever type the other tabs were narrowed to.
  return (
    <ReviewList
      query={query}
      texts={texts}
      filters={{ ...filters, type: '' }}
      onChange={onChange}
      renderItem={(item) => <PositionItem item={item} />}
    />
  );
}

/**
 * /gensec-endorse: what waits for the official's review, in four tabs; the president sees every
 * type. A club coordinator reviews their club's members (every type) and has no catalogue tab.
 */
export function EndorsePage() {
  const { data: user } = useSession();
  const { filters, update } = useEndorseFilters();
  if (!user) return null;
  const coordinator = normalizeRole(user.role) === 'CLUB_COORDINATOR';
  const list: ReviewQuery = { type: filters.type, page: filters.page };
  const panel = { filters: list, onChange: update };
  const tab = coordinator && filters.tab === 'skills' ? 'user-skills' : filters.tab;
  const tabs = [
    {
      value: 'user-skills',
      label: ENDORSEMENT_MESSAGES.userSkillsTab,
      content: <UserSkillsPanel {...panel} />,
    },
    ...(coordinator
      ? []
      : [
          {
            value: 'skills',
            label: ENDORSEMENT_MESSAGES.skillsTab,
            content: <SkillsPanel {...panel} />,
          },
        ]),
    {
      value: 'achievements',
      label: ENDORSEMENT_MESSAGES.achievementsTab,
      content: <AchievementsPanel {...panel} />,
    },
    {
      value: 'positions',
      label: ENDORSEMENT_MESSAGES.positionsTab,
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
