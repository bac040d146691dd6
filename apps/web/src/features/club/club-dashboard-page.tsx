import { CLUB_MESSAGES } from '@cosa/contracts';
import { DashboardHeader } from '../../components/ui/dashboard-header';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { useMyClub } from './api/get-my-club';
import { ClubFeedback, ClubPendingAchievements, ClubRecentEvents } from './components/club-lists';
import { ClubInformation, ClubQuickActions, ClubStats } from './components/club-overview';
import { ClubPageLinks } from './components/club-page-links';

function ClubBody() {
  const club = useMyClub();
  const { data: config } = usePublicConfig();
  if (club.isPending)
    return <Spinner label={CLUB_MESSAGES.loading} visibleLabel size="lg" className="py-12" />;
  if (club.isError)
    return (
      <ErrorState
        message={CLUB_MESSAGES.loadFailed}
        onRetry={() => void club.refetch()}
        retrying={club.isFetching}
      />
    );
  const data = club.data.club;
  if (!data) return <EmptyState title={CLUB_MESSAGES.noClub} description={CLUB_MESSAGES.noClubHint} />;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <ClubStats club={data} />
      <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ClubRecentEvents
            events={data.recentEvents}
            clubId={data.unit.id}
            timeZone={config?.timeZone}
          />
          <ClubPendingAchievements achievements={data.pendingAchievements} />
          <ClubFeedback feedback={data.feedback} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ClubPageLinks slug={data.unit.pageSlug} />
          <ClubQuickActions />
          <ClubInformation club={data} />
        </div>
      </div>
    </div>
  );
}

/** /club-dashboard: the coordinator's club, linked to their account (the spec finds it by username; deviation 55). */
export function ClubDashboardPage() {
  const { data: user } = useSession();
  const club = useMyClub();
  if (!user) return null;
  const clubName = club.data?.club?.unit.name;
  return (
    <div data-theme="club">
      <DashboardHeader
        title={CLUB_MESSAGES.heading}
        subtitle={clubName ? `${clubName} · ${user.name}` : `Club coordinator: ${user.name}`}
        theme="club"
      />
      <ClubBody />
    </div>
  );
}
