import { useRef } from 'react';
import { TRANSCRIPT_MESSAGES, type TranscriptContent } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useIssueTranscript } from '../api/issue-transcript';
import { countOf } from '../record-lines';
import { issueRequest, recordCount } from '../selection';

const ISSUE_FAILED = 'The transcript could not be issued. Check your connection and try again.';

type IssueTranscriptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: TranscriptContent;
  onIssued: () => void;
};

/** Asks before issuing: an issued transcript is frozen, and public to whoever holds its link. */
export function IssueTranscriptDialog({
  open,
  onOpenChange,
  content,
  onIssued,
}: IssueTranscriptDialogProps) {
  const issue = useIssueTranscript();
  const issued = useRef(false);
  const total = recordCount(content);

  const change = (next: boolean) => {
    if (!next) issue.reset();
    onOpenChange(next);
  };

  // Two presses within one frame both reach here before the button shows it is busy: the second is dropped.
  const sending = useRef(false);
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    issue.mutate(issueRequest(content), {
      onSuccess: () => {
        issued.current = true;
        toast.success(TRANSCRIPT_MESSAGES.issued);
        change(false);
        onIssued();
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  // The server's refusals (nothing chosen, a record no longer verified) say what to do; anything else is worth a retry.
  const failure =
    issue.error instanceof ApiError && issue.error.status === 400 ? issue.error.message : ISSUE_FAILED;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      size="sm"
      // Once issued, the page moves focus to the issued list, where the new transcript is; the opener is gone by then.
      onCloseAutoFocus={(event) => {
        if (issued.current) event.preventDefault();
      }}
      title="Issue this transcript?"
      description={`It will include ${countOf(total, 'record', 'records')}, exactly as the preview shows them.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={issue.isPending} loadingText="Issuing...">
            Issue transcript
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
        <li>An issued transcript cannot be edited, only revoked.</li>
        <li>Anyone with its link or QR code can see the records it includes.</li>
      </ul>
      {issue.isError && (
        <Alert tone="error" className="mt-3">
          {failure}
        </Alert>
      )}
    </Dialog>
  );
}
