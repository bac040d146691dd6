import { Link } from 'react-router';
import { NONE_OF_THE_ABOVE, type ElectionDetail, type ElectionPost } from '@cosa/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { AFTER_CLOSE, countingMethod, ordinal, seatsText } from '../election-labels';
import { CandidateCard } from './candidate-card';
import { NominationForm } from './nomination-form';
import { electionPaths } from '../election-paths';

type PostProps = { election: ElectionDetail; post: ElectionPost; timeZone: string | undefined };

/** What one must be to stand for the post, in words. */
function requirementsOf(post: ElectionPost): string[] {
  const { minCgpa, minYear, skillsRequired } = post.requirements;
  const lines: string[] = [];
  if (minCgpa > 0) lines.push(`A CGPA of at least ${minCgpa}`);
  if (minYear > 1) lines.push(`In the ${ordinal(minYear)} year of study or later`);
  if (skillsRequired.length > 0) lines.push(`Skills: ${skillsRequired.join(', ')}`);
  const needed = post.proposersNeeded;
  if (needed > 0)
    lines.push(
      `${needed} ${needed === 1 ? 'proposer' : 'proposers'} among its voters, other than the candidate`,
    );
  return lines.length > 0 ? lines : ['No requirements beyond those of a voter'];
}

/** Voting for the post: the ballot's link, that one has voted, or why one may not. */
function VotingPart({ election, post, timeZone }: PostProps) {
  const { phase } = election;
  if (AFTER_CLOSE.includes(phase))
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={electionPaths.results(election.id, post.id)}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Results<span className="sr-only"> for {post.positionTitle}</span>
        </Link>
        {post.voted && <p className="text-sm text-ink-muted">You voted for this post.</p>}
      </div>
    );
  if (phase === 'voting') {
    if (post.voted)
      return <p className="text-sm font-medium text-success-700">You have voted for this post.</p>;
    if (post.canVote.ok)
      return (
        <div>
          <Link to={electionPaths.ballot(election.id, post.id)} className={buttonClasses()}>
            Vote<span className="sr-only"> for {post.positionTitle}</span>
          </Link>
        </div>
      );
  } else if (post.canVote.ok) {
    const opens = formatDateTime(election.votingOpenAt, timeZone);
    return (
      <p className="text-sm text-ink">{`You may vote for this post when voting opens on ${opens}.`}</p>
    );
  }
  return post.canVote.reason ? (
    <p className="text-sm break-words text-ink">{post.canVote.reason}</p>
  ) : null;
}

/** Standing for the post: the nomination form while nominations are open, or why one may not. */
function StandingPart({ election, post, timeZone }: PostProps) {
  if (election.phase === 'upcoming')
    return (
      <p className="text-sm text-ink">
        Nominations open on {formatDateTime(election.nominationsOpenAt, timeZone)}.
      </p>
    );
  if (election.phase !== 'nominations') return null;
  const standing = post.candidates.some(
    (candidate) => candidate.mine && ['filed', 'accepted'].includes(candidate.status),
  );
  if (standing) return null;
  if (post.canStand.ok) return <NominationForm election={election} post={post} />;
  return post.canStand.reason ? (
    <p className="text-sm break-words text-ink">{post.canStand.reason}</p>
  ) : null;
}

/** The draw's order in names, for ties equal at every round. */
function drawNames(post: ElectionPost): string[] {
  const names = new Map(post.candidates.map((candidate) => [candidate.id, candidate.name]));
  names.set(NONE_OF_THE_ABOVE, 'None of the above');
  return (post.draw ?? []).flatMap((id) => names.get(id) ?? []);
}

/** One post of the election: who votes, who may stand, its candidates, and the person's own part. */
export function PostSection({ election, post, timeZone }: PostProps) {
  const headingId = `post-${post.id}`;
  const draw = drawNames(post);
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h3 id={headingId} className="text-lg font-semibold break-words text-ink">
          {post.positionTitle}
        </h3>
        <p className="text-sm text-ink-muted">
          {post.unitName} · {seatsText(post.seats)} · counted by {countingMethod(post)}
        </p>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-ink-muted">Who votes</dt>
        <dd className="break-words text-ink max-sm:mb-1">{post.voters}</dd>
        <dt className="font-medium text-ink-muted">To stand</dt>
        <dd className="text-ink">
          <ul className="list-inside list-disc">
            {requirementsOf(post).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
      </dl>
      <VotingPart election={election} post={post} timeZone={timeZone} />
      <StandingPart election={election} post={post} timeZone={timeZone} />
      <div className="flex flex-col gap-2">
        <h4 className="font-semibold text-ink">Candidates</h4>
        {post.candidates.length === 0 ? (
          <p className="text-sm text-ink-muted">No candidates yet.</p>
        ) : (
          <ul aria-label={`Candidates for ${post.positionTitle}`} className="flex flex-col gap-3">
            {post.candidates.map((candidate) => (
              <CandidateCard key={candidate.id} election={election} post={post} candidate={candidate} />
            ))}
          </ul>
        )}
        {draw.length > 0 && (
          <p className="text-sm text-ink-muted">Order of the draw, for ties: {draw.join(', ')}.</p>
        )}
      </div>
    </Card>
  );
}
