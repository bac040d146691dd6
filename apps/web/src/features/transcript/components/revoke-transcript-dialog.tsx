import { TRANSCRIPT_MESSAGES, type TranscriptSummary } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRevokeTranscript } from '../api/revoke-transcript';

const REVOKE_FAILED = 'The transcript could not be revoked. Check your connection and try again.';

type RevokeTranscriptDialogProps = {
  /** The transcript to revoke; the dialog is open while one is given. */
  transcript: TranscriptSummary | null;
  /** '21 Nov 2026, 15:30': names the transcript in the question. */
  issuedOn: string;
  onClose: () => void;
};

/** Asks before revoking: a revoked transcript's verification page tells everyone not to rely on it, for good. */
export function RevokeTranscriptDialog({ transcript, issuedOn, onClose }: RevokeTranscriptDialogProps) {
  const revoke = useRevokeTranscript();

  // However the dialog closes (Cancel, Escape, the close button, success), the last attempt's error goes with it.
  const close = () => {
    revoke.reset();
    onClose();
  };

  const confirm = () => {
    if (!transcript) return;
    revoke.mutate(transcript.id, {
      onSuccess: () => {
        toast.success(TRANSCRIPT_MESSAGES.revoked);
        close();
      },
    });
  };

  const failure =
    revoke.error instanceof ApiError && revoke.error.status === 409
      ? TRANSCRIPT_MESSAGES.alreadyRevoked
      : REVOKE_FAILED;
  return (
    <Dialog
      open={transcript !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      size="sm"
      title="Revoke this transcript?"
      description={`The transcript issued ${issuedOn}.`}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={confirm}
            loading={revoke.isPending}
            loadingText="Revoking..."
          >
            Revoke
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink">
        Its verification page will say that you revoked it and that nobody should rely on it. This cannot
        be undone: to share your records again, issue a new transcript.
      </p>
      {revoke.isError && (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      )}
    </Dialog>
  );
}
