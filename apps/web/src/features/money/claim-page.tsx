import { useParams } from 'react-router';
import { BackLink } from '../../components/ui/back-link';
import { PageHeader } from '../../components/ui/page-header';
import { usePublicConfig } from '../../lib/public-config';
import { useClaim } from './api/claims';
import { ClaimActions } from './components/claim-actions';
import { ClaimFacts, ClaimReceipts, ClaimTimeline } from './components/claim-details';
import { ClaimStatusBadge } from './components/claim-status';
import { claimUnavailable } from './components/claim-unavailable';
import { moneyPaths } from './money-paths';

function ClaimView({ id }: { id: string }) {
  const claim = useClaim(id);
  const timeZone = usePublicConfig().data?.timeZone;
  const unavailable = claimUnavailable(claim);
  if (unavailable || !claim.data) return unavailable;
  const { data } = claim;
  return (
    <>
      <PageHeader
        title={`Claim ${data.claimCode}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{data.unit.name}</span>
            <ClaimStatusBadge status={data.status} />
          </span>
        }
      />
      <div className="grid gap-4">
        <ClaimActions claim={data} onReload={() => void claim.refetch()} />
        <ClaimFacts claim={data} timeZone={timeZone} />
        <ClaimReceipts claim={data} timeZone={timeZone} />
        <ClaimTimeline claim={data} timeZone={timeZone} />
      </div>
    </>
  );
}

/**
 * /money/claims/{id}: a claim, its receipts and its timeline, with the actions it allows its reader
 * now: edit, submit or delete a draft; approve, send back or reject it; mark it paid or withdraw
 * its approval.
 */
export function ClaimPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-4xl">
      <BackLink to={moneyPaths.claims}>Back to claims</BackLink>
      <ClaimView key={id} id={id} />
    </div>
  );
}
