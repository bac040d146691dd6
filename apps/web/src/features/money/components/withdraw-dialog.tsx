import { useState } from 'react';
import {
  ClaimWithdrawalSchema,
  formatRupees,
  MAX_MONEY_REASON,
  type Claim,
  type ClaimWithdrawal,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { messagesOf, type FieldMessages } from '../money-form';

type WithdrawDialogProps = {
  claim: Claim;
  open: boolean;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  failure: { message: string; fields: FieldMessages } | null;
  onCancel: () => void;
  onConfirm: (body: ClaimWithdrawal) => void;
};

/**
 * 'Withdraw approval': the accounts office will not pay an approved claim; the reason, which the
 * filer and the approvers read, is checked before it is sent. The approved amount goes back to the line.
 */
export function WithdrawDialog({
  claim,
  open,
  busy,
  failure,
  onCancel,
  onConfirm,
}: WithdrawDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    const parsed = ClaimWithdrawalSchema.safeParse({ reason, version: claim.version });
    if (!parsed.success) {
      setError(messagesOf(parsed.error).reason);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data);
  };
  const amount = formatRupees(claim.approvedAmount ?? claim.amount);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title="Withdraw the approval"
      description={`${claim.claimCode}: ${amount} to ${claim.payee} will not be paid, and ${amount} goes back to the budget line.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} loadingText="Withdrawing..." onClick={confirm}>
            Withdraw approval
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {failure?.message && <Alert tone="error">{failure.message}</Alert>}
        <TextAreaField
          label="Reason"
          required
          rows={3}
          hint={`The filer and the approvers read it; at most ${MAX_MONEY_REASON} characters.`}
          value={reason}
          error={error ?? failure?.fields.reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </div>
    </Dialog>
  );
}
