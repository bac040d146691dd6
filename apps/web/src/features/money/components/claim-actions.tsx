import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Claim } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  useDecideClaim,
  useDeleteClaim,
  usePayClaim,
  useSubmitClaim,
  useWithdrawClaim,
} from '../api/claim-actions';
import { refusalOf } from '../money-labels';
import { serverMessagesOf, type FieldMessages } from '../money-form';
import { moneyPaths } from '../money-paths';
import { DecideDialog, type Decision } from './decide-dialog';
import { PayDialog } from './pay-dialog';
import { WithdrawDialog } from './withdraw-dialog';

type Failure = { message: string; fields: FieldMessages; stale: boolean };

const failureOf = (error: unknown, fallback: string): Failure => ({
  message: refusalOf(error, fallback),
  fields: serverMessagesOf(error),
  stale: error instanceof ApiError && error.status === 409,
});

const DONE: Record<Decision, string> = {
  approve: 'The claim is approved.',
  return: 'The claim is sent back to the filer.',
  reject: 'The claim is rejected.',
};

/** The actions the claim allows its reader now (`may`), and only those. */
export function ClaimActions({ claim, onReload }: { claim: Claim; onReload: () => void }) {
  const navigate = useNavigate();
  const submit = useSubmitClaim();
  const remove = useDeleteClaim();
  const decide = useDecideClaim();
  const pay = usePayClaim();
  const withdraw = useWithdrawClaim();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [paying, setPaying] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const { may } = claim;
  if (!may.edit && !may.submit && !may.delete && !may.decide && !may.pay && !may.withdraw) return null;
  const inDialog = decision !== null || paying || withdrawing;

  const close = () => {
    setDecision(null);
    setPaying(false);
    setWithdrawing(false);
    setFailure(null);
  };
  // A refusal because the claim changed meanwhile closes the dialog: the page says to reload.
  const refused = (error: unknown, fallback: string) => {
    const found = failureOf(error, fallback);
    if (found.stale) {
      setDecision(null);
      setPaying(false);
      setWithdrawing(false);
    }
    setFailure(found);
  };

  return (
    <section aria-label="Actions" className="grid gap-3">
      {failure && !inDialog && (
        <Alert tone="error">
          {failure.message}
          {failure.stale && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2 flex"
              onClick={() => {
                setFailure(null);
                onReload();
              }}
            >
              Reload the claim
            </Button>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {may.edit && (
          <Link
            to={moneyPaths.editClaim(claim.id)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Edit
          </Link>
        )}
        {may.submit && (
          <Button
            size="sm"
            loading={submit.isPending}
            loadingText="Submitting..."
            onClick={() => {
              setFailure(null);
              submit.mutate(
                { id: claim.id, version: claim.version },
                {
                  onSuccess: () => toast.success('Your claim is submitted for approval.'),
                  onError: (error) =>
                    refused(error, 'The claim could not be submitted. Please try again.'),
                },
              );
            }}
          >
            Submit
          </Button>
        )}
        {may.decide && (
          <>
            <Button size="sm" onClick={() => setDecision('approve')}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDecision('return')}>
              Send back
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDecision('reject')}>
              Reject
            </Button>
          </>
        )}
        {may.pay && (
          <Button size="sm" onClick={() => setPaying(true)}>
            Mark paid
          </Button>
        )}
        {may.withdraw && (
          <Button size="sm" variant="secondary" onClick={() => setWithdrawing(true)}>
            Withdraw approval
          </Button>
        )}
        {may.delete && (
          <ConfirmDialog
            triggerLabel="Delete"
            title={`Delete the draft ${claim.claimCode}?`}
            description="The draft and its receipts are deleted for good."
            confirmation={{
              confirmLabel: 'Delete draft',
              pendingLabel: 'Deleting...',
              onConfirm: async () => {
                await remove.mutateAsync(claim.id);
                toast.success('The draft is deleted.');
                void navigate(moneyPaths.claims);
              },
              failureMessage: 'The draft could not be deleted. Please try again.',
            }}
          />
        )}
      </div>
      {may.decide && (
        <DecideDialog
          key={`${decision ?? 'none'}-${claim.version}`}
          claim={claim}
          decision={decision}
          busy={decide.isPending}
          failure={decision ? failure : null}
          onCancel={close}
          onConfirm={(body) =>
            decide.mutate(
              { id: claim.id, body },
              {
                onSuccess: () => {
                  toast.success(DONE[body.decision]);
                  close();
                },
                onError: (error) => refused(error, 'The decision could not be saved. Please try again.'),
              },
            )
          }
        />
      )}
      {may.pay && (
        <PayDialog
          key={`${paying}-${claim.version}`}
          claim={claim}
          open={paying}
          busy={pay.isPending}
          failure={paying ? failure : null}
          onCancel={close}
          onConfirm={(body) =>
            pay.mutate(
              { id: claim.id, body },
              {
                onSuccess: () => {
                  toast.success('The claim is marked paid.');
                  close();
                },
                onError: (error) =>
                  refused(error, 'The payment could not be recorded. Please try again.'),
              },
            )
          }
        />
      )}
      {may.withdraw && (
        <WithdrawDialog
          key={`withdraw-${withdrawing}-${claim.version}`}
          claim={claim}
          open={withdrawing}
          busy={withdraw.isPending}
          failure={withdrawing ? failure : null}
          onCancel={close}
          onConfirm={(body) =>
            withdraw.mutate(
              { id: claim.id, body },
              {
                onSuccess: () => {
                  toast.success('The approval is withdrawn; the amount is back on the line.');
                  close();
                },
                onError: (error) =>
                  refused(error, 'The approval could not be withdrawn. Please try again.'),
              },
            )
          }
        />
      )}
    </section>
  );
}
