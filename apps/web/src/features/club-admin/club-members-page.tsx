import type { ReactNode } from 'react';
import { CLUB_MESSAGES } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../lib/paths';
import { useCoordinatedClub } from './api/club-members';
import { CLUB_ADMIN_TEXTS } from './club-admin-texts';
import { InviteForm } from './components/invite-form';
import { JoinRequestsSection } from './components/join-requests-section';
import { RosterSection } from './components/roster-section';

function Section({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="flex flex-col gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{note}</p>
      </div>
      {children}
    </Card>
  );
}

function Sections({ unitId }: { unitId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Section
        id="join-requests-heading"
        title="Join requests"
        note="Students who asked to join, oldest first. A request nobody answers in 14 days lapses."
      >
        <JoinRequestsSection unitId={unitId} />
      </Section>
      <Section
        id="invite-heading"
        title="Invite a student"
        note="The student is told and joins once they accept."
      >
        <InviteForm unitId={unitId} />
      </Section>
      <Section
        id="roster-heading"
        title="Roster"
        note="Every membership of the club, current and past, with its role, dates and end reason."
      >
        <RosterSection unitId={unitId} />
      </Section>
    </div>
  );
}

/** /club-dashboard/members: the coordinator answers join requests, invites students and keeps the roster. */
export function ClubMembersPage() {
  const club = useCoordinatedClub();
  let body: ReactNode;
  if (club.isPending)
    body = <Spinner label={CLUB_ADMIN_TEXTS.membersLoading} visibleLabel size="lg" className="py-10" />;
  else if (club.isError)
    body = (
      <ErrorState
        message={CLUB_MESSAGES.loadFailed}
        onRetry={() => void club.refetch()}
        retrying={club.isFetching}
      />
    );
  else if (!club.data.club)
    body = <EmptyState title={CLUB_MESSAGES.noClub} description={CLUB_MESSAGES.noClubHint} />;
  else body = <Sections unitId={club.data.club.unit.id} />;
  return (
    <div data-theme="club" className="min-w-0">
      <title>{`${CLUB_ADMIN_TEXTS.membersHeading} · COSA Portal`}</title>
      <BackLink to={paths.clubDashboard}>Back to the dashboard</BackLink>
      <PageHeader title={CLUB_ADMIN_TEXTS.membersHeading} description={club.data?.club?.unit.name} />
      {body}
    </div>
  );
}
