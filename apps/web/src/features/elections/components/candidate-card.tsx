import type { Candidate, ElectionDetail, ElectionPost } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkedText } from '../../../components/ui/linked-text';
import { toast } from '../../../lib/toast';
import { useWithdrawNomination } from '../api/election-actions';
import { BEFORE_VOTING, STATUS_LABELS, STATUS_TONES } from '../election-labels';
import { DecisionButtons } from './decision-buttons';
import { ManifestoPdfControls, ManifestoPdfLink } from './manifesto-pdf';

type CandidateCardProps = { election: ElectionDetail; post: ElectionPost; candidate: Candidate };

function WithdrawButton({ candidate, post }: { candidate: Candidate; post: ElectionPost }) {
  const withdraw = useWithdrawNomination();
  return (
    <ConfirmDialog
      triggerLabel="Withdraw"
      triggerAriaLabel={`Withdraw my nomination for ${post.positionTitle}`}
      title="Withdraw your nomination?"
      description={`You will no longer stand for ${post.positionTitle}. A withdrawal cannot be undone.`}
      confirmation={{
        confirmLabel: 'Withdraw nomination',
        pendingLabel: 'Withdrawing...',
        onConfirm: async () => {
          await withdraw.mutateAsync(candidate.id);
          toast.success('Your nomination is withdrawn.');
        },
        failureMessage: 'The nomination could not be withdrawn. Please try again.',
      }}
    />
  );
}

/** 'B.Tech, batch 2024', from what the institute's record says. */
function recordLine(candidate: Candidate): string | null {
  const batch = candidate.batchYear === null ? null : `batch ${candidate.batchYear}`;
  return [candidate.program, batch].filter(Boolean).join(', ') || null;
}

/** A nomination: who stands, their manifesto, and what the candidate or a manager may do with it. */
export function CandidateCard({ election, post, candidate }: CandidateCardProps) {
  const headingId = `candidate-${candidate.id}`;
  const beforeVoting = BEFORE_VOTING.includes(election.phase);
  const showStatus = election.canManage || candidate.mine;
  const record = recordLine(candidate);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex min-w-0 flex-col gap-2 rounded-card border border-line-soft p-3 sm:p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h5 id={headingId} className="min-w-0 font-semibold break-words text-ink">
            {candidate.name}
            {candidate.mine && ' (you)'}
          </h5>
          {showStatus && (
            <Badge tone={STATUS_TONES[candidate.status]}>{STATUS_LABELS[candidate.status]}</Badge>
          )}
        </div>
        {record && <p className="text-sm text-ink-muted">{record}</p>}
        {candidate.status === 'rejected' && candidate.reason && (
          <p className="text-sm break-words text-ink">Reason: {candidate.reason}</p>
        )}
        {candidate.proposers.length > 0 && (
          <p className="text-sm text-ink">
            Proposed by {candidate.proposers.map((person) => person.name).join(', ')}
          </p>
        )}
        <div>
          <p className="text-sm font-medium text-ink-muted">Manifesto</p>
          <LinkedText text={candidate.manifesto} className="mt-1" />
        </div>
        <ManifestoPdfLink candidate={candidate} />
        {beforeVoting && candidate.mine && candidate.status === 'filed' && (
          <ManifestoPdfControls candidate={candidate} />
        )}
        {beforeVoting && candidate.mine && ['filed', 'accepted'].includes(candidate.status) && (
          <div>
            <WithdrawButton candidate={candidate} post={post} />
          </div>
        )}
        {beforeVoting && election.canManage && candidate.status === 'filed' && (
          <DecisionButtons candidate={candidate} />
        )}
      </article>
    </li>
  );
}
