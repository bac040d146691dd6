import { useState } from 'react';
import {
  ClaimPaymentSchema,
  formatRupees,
  MAX_PAYMENT_REFERENCE,
  type Claim,
  type ClaimPayment,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { messagesOf, type FieldMessages } from '../money-form';

type PayDialogProps = {
  claim: Claim;
  open: boolean;
  busy: boolean;
  failure: { message: string; fields: FieldMessages } | null;
  onCancel: () => void;
  onConfirm: (body: ClaimPayment) => void;
};

/** 'Mark paid': the accounts office records the payment's reference; the commitment becomes money paid. */
export function PayDialog({ claim, open, busy, failure, onCancel, onConfirm }: PayDialogProps) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    const parsed = ClaimPaymentSchema.safeParse({ reference, version: claim.version });
    if (!parsed.success) {
      setError(messagesOf(parsed.error).reference);
      return;
    }
    setError(undefined);
    onConfirm(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title="Mark the claim paid"
      description={`${claim.claimCode}: ${formatRupees(claim.approvedAmount ?? claim.amount)} to ${claim.payee}.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} loadingText="Saving..." onClick={confirm}>
            Mark paid
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {failure?.message && <Alert tone="error">{failure.message}</Alert>}
        <TextField
          label="Reference"
          required
          maxLength={MAX_PAYMENT_REFERENCE}
          autoComplete="off"
          hint="The payment’s transaction or voucher number."
          value={reference}
          error={error ?? failure?.fields.reference}
          onChange={(event) => {
            setReference(event.target.value);
            setError(undefined);
          }}
        />
      </div>
    </Dialog>
  );
}
