import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { BackLink } from '../../components/ui/back-link';
import { Badge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page-header';
import { usePublicConfig } from '../../lib/public-config';
import { useElection } from './api/get-election';
import { electionUnavailable } from './components/election-unavailable';
import { ElectionOverview } from './components/election-overview';
import { PostSection } from './components/post-section';
import { PHASE_LABELS, PHASE_TONES } from './election-labels';
import { electionPaths } from './election-paths';

function ElectionView({ id }: { id: string }) {
  const election = useElection(id);
  const config = usePublicConfig();
  const unavailable = electionUnavailable(election);
  if (unavailable || !election.data) return unavailable;
  const { data } = election;
  return (
    <>
      <PageHeader
        title={data.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>Tenure {data.tenureYear}</span>
            <Badge tone={PHASE_TONES[data.phase]}>{PHASE_LABELS[data.phase]}</Badge>
          </span>
        }
        actions={
          data.canManage && !data.certifiedAt ? (
            <Link to={electionPaths.edit(data.id)} className={buttonClasses({ variant: 'secondary' })}>
              Edit election
            </Link>
          ) : undefined
        }
      />
      <div className="flex flex-col gap-4">
        <ElectionOverview election={data} timeZone={config.data?.timeZone} />
        <h2 className="mt-2 text-xl font-semibold text-ink">Posts</h2>
        {data.posts.map((post) => (
          <PostSection key={post.id} election={data} post={post} timeZone={config.data?.timeZone} />
        ))}
      </div>
    </>
  );
}

/**
 * /elections/{id}: the election's phase and windows, its tie rule, and each post with who votes,
 * who may stand and its candidates; standing, withdrawing, voting and the results from here, and
 * for its managers the decisions on nominations and the certification.
 */
export function ElectionPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <BackLink to={electionPaths.list}>Back to elections</BackLink>
      <ElectionView key={id} id={id} />
    </div>
  );
}
