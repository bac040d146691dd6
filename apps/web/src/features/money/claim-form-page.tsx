import { useParams } from 'react-router';
import { CLAIM_MESSAGES } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useClaim, useClaimOptions } from './api/claims';
import { ClaimForm } from './components/claim-form';
import { claimUnavailable } from './components/claim-unavailable';
import { moneyPaths } from './money-paths';

/** /money/claims/new: a club's coordinator or an event's organiser files a claim with its receipts. */
export function NewClaimPage() {
  const options = useClaimOptions();
  const unavailable = claimUnavailable(options, 'the claim form');
  let body = unavailable;
  if (!body && options.data)
    body =
      options.data.units.length === 0 ? (
        <EmptyState title="You cannot file claims." description={CLAIM_MESSAGES.notFiler} />
      ) : (
        <Card>
          <ClaimForm claim={null} options={options.data} />
        </Card>
      );
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={moneyPaths.claims}>Back to claims</BackLink>
      <PageHeader
        title="New claim"
        description="Claim back money spent for a club, with its receipts."
      />
      {body}
    </div>
  );
}

function EditClaim({ id }: { id: string }) {
  const claim = useClaim(id);
  const options = useClaimOptions();
  const unavailable = claimUnavailable(claim) ?? claimUnavailable(options, 'the claim form');
  if (unavailable || !claim.data || !options.data) return unavailable;
  if (!claim.data.may.edit) return <EmptyState title={CLAIM_MESSAGES.notEditable} />;
  return (
    <Card>
      <ClaimForm claim={claim.data} options={options.data} />
    </Card>
  );
}

/** /money/claims/{id}/edit: the filer changes a draft, or a claim sent back for changes, and submits it. */
export function EditClaimPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <BackLink to={moneyPaths.claim(id)}>Back to the claim</BackLink>
      <PageHeader title="Edit claim" />
      <EditClaim key={id} id={id} />
    </div>
  );
}
