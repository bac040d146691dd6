import type { ReactNode } from 'react';
import { formatRupees, type Claim } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { lineLabel, STEP_LABELS } from '../money-labels';
import { ReceiptLink } from './receipt-list';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{term}</dt>
      <dd className="wrap-anywhere text-ink">{children}</dd>
    </div>
  );
}

/** The claim's figures and facts: who, for what, from which line, how much claimed and approved. */
export function ClaimFacts({ claim, timeZone }: { claim: Claim; timeZone?: string }) {
  const decider = claim.may.decide || claim.may.pay || claim.may.withdraw;
  return (
    <Card aria-labelledby="claim-facts">
      <h2 id="claim-facts" className="sr-only">
        The claim
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail term="Club">{claim.unit.name}</Detail>
        <Detail term="Event">{claim.event?.title ?? 'None'}</Detail>
        <Detail term="Budget line">
          {lineLabel(claim.line.heading)}, {claim.line.tenureYear}
        </Detail>
        <Detail term="Payee">{claim.payee}</Detail>
        <Detail term="Amount claimed">{formatRupees(claim.amount)}</Detail>
        {claim.approvedAmount !== null && (
          <Detail term="Amount approved">{formatRupees(claim.approvedAmount)}</Detail>
        )}
        {decider && (
          <Detail term="Available on the line now">{formatRupees(claim.lineAvailable)}</Detail>
        )}
        <Detail term="Filed by">{claim.filedBy?.name ?? '—'}</Detail>
        <Detail term="Submitted">
          {claim.submittedAt ? formatDateTime(claim.submittedAt, timeZone) : 'Not yet'}
        </Detail>
        {claim.paymentReference && <Detail term="Payment reference">{claim.paymentReference}</Detail>}
      </dl>
      <h3 className="mt-4 text-sm font-medium text-ink-muted">Description</h3>
      <p className="whitespace-pre-line wrap-anywhere text-ink">{claim.description}</p>
    </Card>
  );
}

/** The claim's receipts, each to download. */
export function ClaimReceipts({ claim, timeZone }: { claim: Claim; timeZone?: string }) {
  return (
    <Card aria-labelledby="claim-receipts">
      <h2 id="claim-receipts" className="mb-2 text-lg font-semibold text-ink">
        Receipts
      </h2>
      {claim.receipts.length === 0 ? (
        <p className="text-sm text-ink-muted">No receipts attached yet.</p>
      ) : (
        <ul className="grid gap-2">
          {claim.receipts.map((receipt) => (
            <li key={receipt.id}>
              <ReceiptLink claim={claim} receipt={receipt} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Every step of the claim, oldest first: who did what, with the amount, reason or reference, and when. */
export function ClaimTimeline({ claim, timeZone }: { claim: Claim; timeZone?: string }) {
  return (
    <Card aria-labelledby="claim-timeline">
      <h2 id="claim-timeline" className="mb-2 text-lg font-semibold text-ink">
        Timeline
      </h2>
      <ol aria-label="Steps of the claim" className="grid gap-3 border-l-2 border-line-soft pl-4">
        {claim.steps.map((step, index) => (
          <li key={`${step.action}-${step.at}-${index}`} className="min-w-0">
            <p className="font-medium text-ink">
              {STEP_LABELS[step.action]}
              {step.actor && <span className="font-normal"> by {step.actor.name}</span>}
              {step.amount !== null && (
                <span className="font-normal">: {formatRupees(step.amount)}</span>
              )}
            </p>
            {step.reason && <p className="text-sm wrap-anywhere text-ink">Reason: {step.reason}</p>}
            {step.reference && (
              <p className="text-sm wrap-anywhere text-ink">Reference: {step.reference}</p>
            )}
            <p className="text-xs text-ink-muted">{formatDateTime(step.at, timeZone)}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
