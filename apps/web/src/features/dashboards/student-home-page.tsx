import { Link } from 'react-router';
import { HOME_MESSAGES, type SessionUser } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { useDashboard } from './api/get-dashboard';
import { CurrentAnnouncements } from './components/current-announcements';
import { FollowedClubEvents } from './components/followed-club-events';
import { HomeCounters } from './components/home-counters';
import { LatestAchievementCard } from './components/latest-achievement-card';
import { UpcomingEvents } from './components/upcoming-events';

/** 'Computer Science & Engineering · Batch 2024 · B.Tech', leaving out what is not known. */
export function academicLine(user: Pick<SessionUser, 'branch' | 'batchYear' | 'program'>): string {
  return [user.branch, user.batchYear ? `Batch ${user.batchYear}` : null, user.program]
    .filter(Boolean)
    .join(' · ');
}

const QUICK_ACTIONS = [
  { label: 'Add Achievement', to: paths.addAchievement },
  { label: 'New Position', to: paths.managePosition },
  { label: 'Give Feedback', to: paths.feedback },
] as const;

function QuickActions() {
  return (
    <Card aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="mb-3 text-lg font-semibold text-ink">
        Quick Actions
      </h2>
      <ul className="flex flex-col gap-2">
        {QUICK_ACTIONS.map((action, index) => (
          <li key={action.to}>
            <Link
              to={action.to}
              className={buttonClasses({
                variant: index === 0 ? 'primary' : 'secondary',
                fullWidth: true,
              })}
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function DashboardBody() {
  const dashboard = useDashboard();
  const { data: config } = usePublicConfig();
  if (dashboard.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading dashboard..." visibleLabel size="lg" />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <ErrorState
        message={HOME_MESSAGES.loadFailed}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    );
  }
  const { counts, upcomingEvents, upcomingTotal, followedClubEvents, latestAchievement } =
    dashboard.data;
  // On a phone what a student acts on comes first (announcements, counters, quick actions), the
  // events last (those of the clubs they follow first); on a wide screen the events take the wide
  // column beside the cards.
  return (
    <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
      <CurrentAnnouncements timeZone={config?.timeZone} />
      <HomeCounters counts={counts} />
      <div className="grid min-w-0 gap-4 sm:gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 xl:col-start-2 xl:row-start-1">
          <QuickActions />
          <LatestAchievementCard achievement={latestAchievement} timeZone={config?.timeZone} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 xl:col-start-1 xl:row-start-1">
          <FollowedClubEvents events={followedClubEvents} timeZone={config?.timeZone} />
          <UpcomingEvents events={upcomingEvents} total={upcomingTotal} timeZone={config?.timeZone} />
        </div>
      </div>
    </div>
  );
}

/** /home: the student's dashboard, loaded in one request; the header shows at once from the session. */
export function StudentHomePage() {
  const { data: sessionUser } = useSession();
  const { data: dashboard } = useDashboard();
  if (!sessionUser) return null;
  // The dashboard's answer is newer than the session after a profile edit; the session fills in meanwhile.
  const user = dashboard?.user ?? sessionUser;
  return (
    <>
      <DashboardHeader title={`Welcome, ${user.name}`} subtitle={academicLine(user) || undefined} />
      <DashboardBody />
    </>
  );
}
