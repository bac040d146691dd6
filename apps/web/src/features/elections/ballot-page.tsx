import { useState } from 'react';
import { useParams } from 'react-router';
import { ELECTION_MESSAGES, type ElectionDetail, type ElectionPost } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { TextLink } from '../../components/ui/text-link';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { useCastBallot } from './api/cast-ballot';
import { useElection } from './api/get-election';
import { electionUnavailable } from './components/election-unavailable';
import { RankingStep } from './components/ranking-step';
import { ReceiptPanel } from './components/receipt-panel';
import { ReviewStep } from './components/review-step';
import { countingMethod, seatsText } from './election-labels';
import { electionPaths } from './election-paths';

const CAST_FAILED = 'Your ballot could not be cast. Check your connection and try again.';

/** Why the ballot was refused: the server's words for a refusal (already voted, closed), else a general line. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : CAST_FAILED;

type BallotProps = { election: ElectionDetail; post: ElectionPost; timeZone: string | undefined };

/** Ranking, review and casting; the receipt once cast, whatever the election's page says meanwhile. */
function Ballot({ election, post, timeZone }: BallotProps) {
  const cast = useCastBallot(post.id);
  const [ranking, setRanking] = useState<string[]>([]);
  const [step, setStep] = useState<'rank' | 'review'>('rank');
  const candidates = post.candidates
    .filter((candidate) => candidate.status === 'accepted')
    .sort((a, b) => a.name.localeCompare(b.name));
  const closes = formatDateTime(election.votingCloseAt, timeZone);

  if (cast.data)
    return (
      <ReceiptPanel
        receipt={cast.data.receipt}
        resultsTo={electionPaths.results(election.id, post.id)}
        closes={closes}
      />
    );
  const back = <TextLink to={electionPaths.election(election.id)}>Back to the election</TextLink>;
  if (election.phase !== 'voting')
    return (
      <EmptyState
        title="Voting for this post is not open."
        description={`Voting is open from ${formatDateTime(election.votingOpenAt, timeZone)} to ${closes}.`}
        action={back}
      />
    );
  if (post.voted) return <EmptyState title="You have voted for this post." action={back} />;
  if (!post.canVote.ok)
    return (
      <EmptyState
        title="You cannot vote for this post."
        description={post.canVote.reason}
        action={back}
      />
    );
  if (step === 'review')
    return (
      <ReviewStep
        candidates={candidates}
        ranking={ranking}
        casting={cast.isPending}
        failure={cast.isError ? failureOf(cast.error) : null}
        onCast={() => cast.mutate(ranking)}
        onBack={() => {
          cast.reset();
          setStep('rank');
        }}
      />
    );
  return (
    <RankingStep
      candidates={candidates}
      ranking={ranking}
      seats={post.seats}
      onChange={setRanking}
      onReview={() => setStep('review')}
      onNoneOfTheAbove={() => {
        setRanking([]);
        setStep('review');
      }}
    />
  );
}

function BallotView({ id, postId }: { id: string; postId: string }) {
  const election = useElection(id);
  const config = usePublicConfig();
  const unavailable = electionUnavailable(election);
  if (unavailable || !election.data) return unavailable;
  const post = election.data.posts.find((candidate) => candidate.id === postId);
  if (!post) return <EmptyState title={ELECTION_MESSAGES.postNotFound} />;
  return (
    <>
      <PageHeader
        title={`Ballot: ${post.positionTitle}`}
        description={`${election.data.title} · ${seatsText(post.seats)} · counted by ${countingMethod(post)}`}
      />
      <Card>
        <Ballot election={election.data} post={post} timeZone={config.data?.timeZone} />
      </Card>
    </>
  );
}

/**
 * /elections/{id}/posts/{postId}/vote: the secret ballot. The voter ranks the accepted candidates
 * (or none: none of the above), reviews the ranking, casts it, and is shown the receipt once.
 */
export function BallotPage() {
  const { id = '', postId = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={electionPaths.election(id)}>Back to the election</BackLink>
      <BallotView key={`${id}/${postId}`} id={id} postId={postId} />
    </div>
  );
}
