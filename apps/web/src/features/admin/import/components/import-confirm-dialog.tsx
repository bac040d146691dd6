import { useState } from 'react';
import type { RollPreview } from '@cosa/contracts';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import type { UploadStage } from '../api/roll-import';
import { counted } from '../counted';
import { UploadProgress } from './upload-progress';

type Props = {
  preview: RollPreview;
  /** Runs the import; rejects with the message to show. */
  onConfirm: () => Promise<void>;
  pending: boolean;
  stage: UploadStage | null;
  error: string | null;
  onOpenChange?: (open: boolean) => void;
};

/** "Import N students", asking first: the import writes every new and changed row at once. */
export function ImportConfirmDialog({ preview, onConfirm, pending, stage, error, onOpenChange }: Props) {
  const [open, setOpen] = useState(false);
  const { totals } = preview;
  const count = totals.new + totals.changed;
  const change = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    onOpenChange?.(next);
  };
  const label = `Import ${counted(count, 'student', 'students')}`;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      size="sm"
      title={`${label}?`}
      trigger={
        <Button disabled={count === 0} size="lg">
          {label}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => void onConfirm()} loading={pending} loadingText="Importing...">
            {label}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-ink">
        <p className="break-words">
          {`From ${preview.fileName}: ${counted(totals.new, 'new account is', 'new accounts are')} created and ${counted(totals.changed, 'existing account', 'existing accounts')} updated, all in one step.`}
          {totals.refused > 0 &&
            ` ${counted(totals.refused, 'refused row is', 'refused rows are')} skipped.`}
        </p>
        <p>
          New students can sign in once they claim their account (with &ldquo;Forgot Password?&rdquo; or
          Google). The audit log records the import.
        </p>
        {stage && (
          <UploadProgress
            stage={stage}
            label="Import upload"
            processingText="Importing the students..."
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
