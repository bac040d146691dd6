import { Link } from 'react-router';
import {
  decideAccess,
  ELECTION_MESSAGES,
  normalizeRole,
  PAGE_ACCESS,
  type ElectionSummary,
} from '@cosa/contracts';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTimeRange } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { useElections } from './api/get-elections';
import { PHASE_LABELS, PHASE_TONES } from './election-labels';
import { electionPaths } from './election-paths';

function ElectionCard({ election, timeZone }: { election: ElectionSummary; timeZone?: string }) {
  const headingId = `election-${election.id}`;
  return (
    <li>
      <Card aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="min-w-0 text-lg font-semibold break-words text-ink">
            <TextLink to={electionPaths.election(election.id)}>{election.title}</TextLink>
          </h2>
          <Badge tone={PHASE_TONES[election.phase]}>{PHASE_LABELS[election.phase]}</Badge>
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-medium text-ink-muted">Tenure</dt>
          <dd className="text-ink">
            {election.tenureYear} · {election.postCount} {election.postCount === 1 ? 'post' : 'posts'}
          </dd>
          <dt className="font-medium text-ink-muted">Nominations</dt>
          <dd className="text-ink">
            {formatDateTimeRange(election.nominationsOpenAt, election.nominationsCloseAt, timeZone)}
          </dd>
          <dt className="font-medium text-ink-muted">Voting</dt>
          <dd className="text-ink">
            {formatDateTimeRange(election.votingOpenAt, election.votingCloseAt, timeZone)}
          </dd>
        </dl>
      </Card>
    </li>
  );
}

function ElectionList() {
  const elections = useElections();
  const config = usePublicConfig();
  if (elections.isPending)
    return <Spinner label="Loading elections..." visibleLabel size="lg" className="py-10" />;
  if (elections.isError)
    return (
      <ErrorState
        message="The elections could not be loaded. Check your connection and try again."
        onRetry={() => void elections.refetch()}
        retrying={elections.isFetching}
      />
    );
  if (elections.data.elections.length === 0)
    return (
      <EmptyState
        title="No elections yet"
        description="Council and club elections appear here once the administrator sets them up."
      />
    );
  return (
    <ul aria-label="Elections" className="flex flex-col gap-4">
      {elections.data.elections.map((election) => (
        <ElectionCard key={election.id} election={election} timeZone={config.data?.timeZone} />
      ))}
    </ul>
  );
}

/** /elections: every election with its phase and windows; the administrator sets up a new one from here. */
export function ElectionsPage() {
  const { data: user } = useSession();
  const canCreate = user && decideAccess(PAGE_ACCESS['/elections/new'], user, normalizeRole) === 'allow';
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        title={ELECTION_MESSAGES.heading}
        description="Elections to the council's and the clubs' posts: stand, vote, and check the count."
        actions={
          canCreate && (
            <Link to={electionPaths.create} className={buttonClasses()}>
              New election
            </Link>
          )
        }
      />
      <ElectionList />
    </div>
  );
}
