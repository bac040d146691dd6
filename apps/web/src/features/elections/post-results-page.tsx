import { useParams } from 'react-router';
import { ELECTION_MESSAGES, NONE_OF_THE_ABOVE, type PostResults } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { useElection } from './api/get-election';
import { usePostResults } from './api/get-post-results';
import { PublishedBallots } from './components/published-ballots';
import { ReceiptCheck } from './components/receipt-check';
import { RoundsTable } from './components/rounds-table';
import { TurnoutSection } from './components/turnout-section';
import { seatsText } from './election-labels';
import { formatVotes, methodOf, namesOf } from './results-format';
import { electionApi, electionPaths } from './election-paths';

/** The method, the quota and who was elected. */
function Outcome({ results, name }: { results: PostResults; name: (id: string) => string }) {
  const method = methodOf(results);
  const emptySeat = results.elected.includes(NONE_OF_THE_ABOVE);
  return (
    <section aria-labelledby="outcome-heading" className="flex flex-col gap-3">
      <h2 id="outcome-heading" className="text-lg font-semibold text-ink">
        Elected
      </h2>
      {results.elected.length === 0 ? (
        <p className="text-sm text-ink">No one was elected.</p>
      ) : (
        <ul aria-label="Elected" className="list-inside list-disc text-ink">
          {results.elected.map((id) => (
            <li key={id} className="font-medium">
              {name(id)}
            </li>
          ))}
        </ul>
      )}
      {emptySeat && (
        <p className="text-sm text-ink">
          None of the above won a seat: that seat stays empty, and the post is elected again.
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-ink-muted">Method</dt>
        <dd className="text-ink max-sm:mb-1">
          {method.name}. {method.rule}
        </dd>
        <dt className="font-medium text-ink-muted">To be elected</dt>
        <dd className="text-ink max-sm:mb-1">
          {results.quota === null
            ? 'More than half of the continuing votes'
            : `The quota: ${formatVotes(results.quota)} votes (valid ballots ÷ (seats + 1), fractions dropped, + 1)`}
        </dd>
        <dt className="font-medium text-ink-muted">Seats</dt>
        <dd className="text-ink max-sm:mb-1">{seatsText(results.post.seats)}</dd>
        <dt className="font-medium text-ink-muted">Valid ballots</dt>
        <dd className="text-ink">{results.validBallots}</dd>
      </dl>
    </section>
  );
}

function ResultsView({ postId }: { postId: string }) {
  const results = usePostResults(postId);
  if (results.isPending)
    return <Spinner label="Loading the results..." visibleLabel size="lg" className="py-10" />;
  if (results.isError) {
    const { error } = results;
    if (error instanceof ApiError && error.status === 404)
      return <EmptyState title={ELECTION_MESSAGES.postNotFound} />;
    // Before the close the server says when the count is published: its words are the page's.
    if (error instanceof ApiError && error.status === 409) return <EmptyState title={error.message} />;
    return (
      <ErrorState
        message="The results could not be loaded. Check your connection and try again."
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  }
  const { data } = results;
  const name = namesOf(data);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <Outcome results={data} name={name} />
        <RoundsTable results={data} name={name} />
      </Card>
      <Card>
        <TurnoutSection turnout={data.turnout} />
      </Card>
      <Card>
        <ReceiptCheck ballots={data.ballots} name={name} />
      </Card>
      <Card>
        <PublishedBallots
          ballots={data.ballots}
          name={name}
          exportHref={electionApi.ballotsExport(postId)}
        />
      </Card>
    </div>
  );
}

/**
 * /elections/{id}/posts/{postId}/results: after the close, a post's count round by round, its
 * turnout, a check of one's receipt, and every ballot by receipt hash with the CSV download.
 */
export function PostResultsPage() {
  const { id = '', postId = '' } = useParams();
  const election = useElection(id);
  const post = election.data?.posts.find((candidate) => candidate.id === postId);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <BackLink to={electionPaths.election(id)}>Back to the election</BackLink>
      <PageHeader
        title={post ? `Results: ${post.positionTitle}` : 'Results'}
        description={election.data?.title}
      />
      <ResultsView key={postId} postId={postId} />
    </div>
  );
}
