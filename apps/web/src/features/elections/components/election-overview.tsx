import { useState } from 'react';
import { ELECTION_MESSAGES, type ElectionDetail } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkedText } from '../../../components/ui/linked-text';
import { formatDateTime } from '../../../lib/format';
import { useCertifyElection } from '../api/election-actions';
import { PHASE_NOTES } from '../election-labels';

type OverviewProps = { election: ElectionDetail; timeZone: string | undefined };

/** Certification, for a manager once voting has closed; asks first, as it cannot be undone. */
function CertifyButton({ election, onDone }: { election: ElectionDetail; onDone: () => void }) {
  const certify = useCertifyElection(election.id);
  return (
    <ConfirmDialog
      triggerLabel="Certify the result"
      triggerVariant="primary"
      title="Certify the result?"
      description={`The winners of every post become its holders for ${election.tenureYear}. A certified result cannot be changed.`}
      confirmation={{
        confirmLabel: 'Certify',
        pendingLabel: 'Certifying...',
        onConfirm: async () => {
          await certify.mutateAsync();
          onDone();
        },
        failureMessage: 'The result could not be certified. Please try again.',
      }}
    />
  );
}

/** The election's phase, windows, officer, description and tie rule; certification for its managers. */
export function ElectionOverview({ election, timeZone }: OverviewProps) {
  const [certified, setCertified] = useState(false);
  const rows: [string, string][] = [
    ['Nominations open', formatDateTime(election.nominationsOpenAt, timeZone)],
    ['Nominations close', formatDateTime(election.nominationsCloseAt, timeZone)],
    ['Voting opens', formatDateTime(election.votingOpenAt, timeZone)],
    ['Voting closes', formatDateTime(election.votingCloseAt, timeZone)],
    ['Returning officer', election.officer?.name ?? 'The administrator'],
  ];
  if (election.certifiedAt) rows.push(['Certified', formatDateTime(election.certifiedAt, timeZone)]);
  return (
    <Card aria-labelledby="election-about" className="flex flex-col gap-4">
      <h2 id="election-about" className="text-lg font-semibold text-ink">
        About this election
      </h2>
      {certified && <Alert tone="success">{ELECTION_MESSAGES.certified}</Alert>}
      <p className="text-sm text-ink">{PHASE_NOTES[election.phase]}</p>
      {election.description && <LinkedText text={election.description} />}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink-muted">{term}</dt>
            <dd className="text-ink max-sm:mb-1">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-base font-semibold text-ink">If votes are tied</h3>
        <p className="mt-1 text-sm text-ink">{election.tieRule}</p>
      </div>
      {election.canManage && election.phase === 'counting' && (
        <div className="flex flex-col gap-2 border-t border-line-soft pt-4">
          <p className="text-sm text-ink">
            Voting has closed and every post is counted. Check the results, then certify them.
          </p>
          <div>
            <CertifyButton election={election} onDone={() => setCertified(true)} />
          </div>
        </div>
      )}
    </Card>
  );
}
