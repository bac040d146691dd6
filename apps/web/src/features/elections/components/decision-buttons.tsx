import { useState } from 'react';
import { MAX_REASON, NominationDecisionSchema, type Candidate } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDecideNomination } from '../api/election-actions';

const FAILED = 'The decision could not be saved. Please try again.';

/** The server's reason for a refusal the manager can act on, or a general line. */
const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : FAILED;

/** Rejection of a nomination, with the reason the candidate reads. */
function RejectDialog({ candidate }: { candidate: Candidate }) {
  const decide = useDecideNomination();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const reject = () => {
    const parsed = NominationDecisionSchema.safeParse({
      decision: 'reject',
      reason,
      manifestoPdfSha256: candidate.manifestoPdfSha256,
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFailure(null);
    decide.mutate(
      { id: candidate.id, decision: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(`${candidate.name}'s nomination is rejected. They can read your reason.`);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields?.reason : undefined;
          if (field) setFieldError(field);
          else setFailure(failureOf(error));
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (decide.isPending) return;
        setOpen(next);
        setFieldError(undefined);
        setFailure(null);
      }}
      size="sm"
      trigger={
        <Button variant="danger" size="sm">
          Reject<span className="sr-only"> {candidate.name}</span>
        </Button>
      }
      title={`Reject ${candidate.name}'s nomination?`}
      description="The candidate reads your reason. A decision cannot be changed."
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={decide.isPending}>
            Keep it
          </Button>
          <Button
            variant="danger"
            onClick={reject}
            loading={decide.isPending}
            loadingText="Rejecting..."
          >
            Reject nomination
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <TextAreaField
          label="Reason for the rejection"
          required
          rows={3}
          maxLength={MAX_REASON}
          value={reason}
          error={fieldError}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(undefined);
          }}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
    </Dialog>
  );
}

/** A manager's Accept and Reject of a filed nomination. */
export function DecisionButtons({ candidate }: { candidate: Candidate }) {
  const decide = useDecideNomination();
  const accept = () =>
    decide.mutate(
      {
        id: candidate.id,
        decision: { decision: 'accept', manifestoPdfSha256: candidate.manifestoPdfSha256 },
      },
      { onSuccess: () => toast.success(`${candidate.name} is now a candidate.`) },
    );
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={accept} loading={decide.isPending} loadingText="Accepting...">
          Accept<span className="sr-only"> {candidate.name}</span>
        </Button>
        <RejectDialog candidate={candidate} />
      </div>
      {decide.isError && <Alert tone="error">{failureOf(decide.error)}</Alert>}
    </div>
  );
}
