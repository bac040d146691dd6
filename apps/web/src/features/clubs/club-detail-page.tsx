import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/back-link';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useClub } from './api/get-club';
import { ClubHeader } from './components/club-header';
import { AboutSections, ClubAnnouncements, ClubEvents, OfficeBearers } from './components/club-sections';
import { MembershipPanel } from './components/membership-panel';

const LOAD_FAILED = 'The club could not be loaded. Check your connection and try again.';

/** What the page shows until it has the club: loading, 'Club not found.', or the failure with a retry. */
function clubUnavailable(club: ReturnType<typeof useClub>): ReactElement | null {
  if (club.isPending)
    return <Spinner label="Loading club..." visibleLabel size="lg" className="py-10" />;
  if (!club.isError) return null;
  if (club.error instanceof ApiError && club.error.status === 404)
    return (
      <>
        <title>Club not found · COSA Portal</title>
        <EmptyState
          title="Club not found."
          description="The address may be mistyped, or the club is no longer active."
        />
      </>
    );
  return (
    <ErrorState message={LOAD_FAILED} onRetry={() => void club.refetch()} retrying={club.isFetching} />
  );
}

function ClubView({ slug }: { slug: string }) {
  const club = useClub(slug);
  const unavailable = clubUnavailable(club);
  if (unavailable || !club.data) return unavailable;
  const { data } = club;
  return (
    <>
      <title>{`${data.name} · COSA Portal`}</title>
      <ClubHeader club={data} />
      {/* The reader's actions come first on a phone; on a wide screen they stand beside the rest. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <MembershipPanel club={data} />
          <OfficeBearers club={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <AboutSections club={data} />
          <ClubAnnouncements club={data} />
          <ClubEvents club={data} />
        </div>
      </div>
    </>
  );
}

/**
 * /clubs/{slug}: a club's page: what it does, who leads it, its events and announcements; the
 * reader follows it, asks to join, answers its invitation or leaves it; its coordinator edits it.
 */
export function ClubDetailPage() {
  const { slug = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl">
      <BackLink to={paths.clubs}>Back to clubs</BackLink>
      <ClubView key={slug} slug={slug} />
    </div>
  );
}
