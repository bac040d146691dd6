import { useId, useState, type ChangeEvent } from 'react';
import { MAX_CLAIM_RECEIPTS, RECEIPT_ACCEPT, type Claim } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePublicConfig } from '../../../lib/public-config';
import { useRemoveReceipt } from '../api/claim-actions';
import type { QueuedReceipt } from '../api/save-claim';
import { sizeInWords } from '../../../lib/format';
import { receiptProblem } from '../receipt-check';
import { ReceiptLink, receiptName } from './receipt-list';

const fileInputClasses =
  'max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:text-sm file:font-medium file:text-ink';

let nextKey = 0;

type ReceiptsFieldProps = {
  /** The claim as saved, whose receipts are attached already; null before the first save. */
  claim: Claim | null;
  queue: readonly QueuedReceipt[];
  onQueue: (queue: QueuedReceipt[]) => void;
  /** The receipt attached or taken off on the server: the claim as it is now. */
  onClaim: (claim: Claim) => void;
  error?: string;
  disabled?: boolean;
};

/**
 * 'Receipts': those attached (each to download, or remove after asking) and those chosen to send
 * with the next save. Each chosen file is checked here by its bytes first, so a file the server
 * would refuse is named at once and never queued.
 */
export function ReceiptsField({ claim, queue, onQueue, onClaim, error, disabled }: ReceiptsFieldProps) {
  const id = useId();
  const timeZone = usePublicConfig().data?.timeZone;
  const remove = useRemoveReceipt();
  const [refusals, setRefusals] = useState<string[]>([]);
  const attached = claim?.receipts ?? [];

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    const accepted: QueuedReceipt[] = [];
    const refused: string[] = [];
    for (const file of files) {
      const problem = await receiptProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else accepted.push({ key: `receipt-${(nextKey += 1)}`, file });
    }
    setRefusals(refused);
    onQueue([...queue, ...accepted]);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-ink">
        Receipts <span className="text-danger-700">*</span>
      </legend>
      {(attached.length > 0 || queue.length > 0) && (
        <ul aria-label="Receipts of this claim" className="grid gap-2">
          {claim &&
            attached.map((receipt) => (
              <li
                key={receipt.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line-soft p-2"
              >
                <ReceiptLink claim={claim} receipt={receipt} timeZone={timeZone} />
                <ConfirmDialog
                  triggerLabel="Remove"
                  triggerAriaLabel={`Remove ${receiptName(claim, receipt)}`}
                  triggerVariant="secondary"
                  title={`Remove ${receiptName(claim, receipt)}?`}
                  description="The file is taken off the claim. You can attach another before submitting."
                  confirmation={{
                    confirmLabel: 'Remove receipt',
                    pendingLabel: 'Removing...',
                    confirmVariant: 'danger',
                    onConfirm: async () =>
                      onClaim(await remove.mutateAsync({ id: claim.id, receiptId: receipt.id })),
                    failureMessage: 'The receipt could not be removed. Please try again.',
                  }}
                />
              </li>
            ))}
          {queue.map((receipt) => (
            <li
              key={receipt.key}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-line p-2"
            >
              <span className="flex min-w-0 flex-col">
                <span className="font-medium wrap-anywhere text-ink">{receipt.file.name}</span>
                <span className="text-xs text-ink-muted">
                  {sizeInWords(receipt.file.size)} · sent when you save
                </span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={disabled}
                aria-label={`Remove ${receipt.file.name}`}
                onClick={() => onQueue(queue.filter((other) => other.key !== receipt.key))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id} className="text-sm text-ink">
        Add receipts
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={RECEIPT_ACCEPT}
        disabled={disabled || attached.length + queue.length >= MAX_CLAIM_RECEIPTS}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => void choose(event)}
        className={fileInputClasses}
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        PDF, JPEG or PNG files of at most 5 MB each, checked by their contents; up to{' '}
        {MAX_CLAIM_RECEIPTS}.
      </p>
      {refusals.map((refusal) => (
        <Alert key={refusal} tone="error">
          {refusal}
        </Alert>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
