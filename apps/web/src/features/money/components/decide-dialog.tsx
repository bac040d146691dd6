import { useState } from 'react';
import {
  CLAIM_MESSAGES,
  ClaimDecisionSchema,
  formatRupees,
  MAX_MONEY_REASON,
  type Claim,
  type ClaimDecision,
} from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { messagesOf, type FieldMessages } from '../money-form';

export type Decision = ClaimDecision['decision'];

const TITLES: Record<Decision, string> = {
  approve: 'Approve the claim',
  return: 'Send the claim back',
  reject: 'Reject the claim',
};
const CONFIRM: Record<Decision, [string, string]> = {
  approve: ['Approve', 'Approving...'],
  return: ['Send back', 'Sending back...'],
  reject: ['Reject', 'Rejecting...'],
};

type DecideDialogProps = {
  claim: Claim;
  decision: Decision | null;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  failure: { message: string; fields: FieldMessages } | null;
  onCancel: () => void;
  onConfirm: (body: ClaimDecision) => void;
};

/**
 * A decision on a claim, checked before it is sent: an approval in full or in part (a part needs
 * its reason), sending back or rejecting (each with the reason the filer reads).
 */
export function DecideDialog({
  claim,
  decision,
  busy,
  failure,
  onCancel,
  onConfirm,
}: DecideDialogProps) {
  // What may be approved: what the general secretary approved, or else the amount claimed.
  const most = claim.approvedAmount ?? claim.amount;
  const [amount, setAmount] = useState(String(most));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const approving = decision === 'approve';
  const shown = { ...failure?.fields, ...errors };

  const confirm = () => {
    if (!decision) return;
    const parsed = ClaimDecisionSchema.safeParse({
      decision,
      amount: approving ? amount : undefined,
      reason,
      version: claim.version,
    });
    const found = parsed.success ? {} : messagesOf(parsed.error);
    const value = parsed.success ? parsed.data.amount : undefined;
    if (approving && value !== undefined && value > most)
      found.amount =
        claim.approvedAmount === null
          ? CLAIM_MESSAGES.amountAboveClaim
          : CLAIM_MESSAGES.amountAboveApproved;
    if (approving && value !== undefined && value < most && !reason.trim())
      found.reason = CLAIM_MESSAGES.partialNeedsReason;
    if (!approving && !reason.trim()) found.reason = CLAIM_MESSAGES.reasonRequired;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    // In full: the amount is left out, and the server takes the whole.
    const { amount: approved, ...rest } = parsed.data;
    onConfirm(approved !== undefined && approved < most ? { ...rest, amount: approved } : rest);
  };

  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={decision ? TITLES[decision] : ''}
      description={`${claim.claimCode}: ${formatRupees(most)} to ${claim.payee}. ${formatRupees(claim.lineAvailable)} is available on the line now.`}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={decision === 'reject' ? 'danger' : 'primary'}
            loading={busy}
            loadingText={decision ? CONFIRM[decision][1] : undefined}
            onClick={confirm}
          >
            {decision ? CONFIRM[decision][0] : ''}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        {failure?.message && <Alert tone="error">{failure.message}</Alert>}
        {approving && (
          <TextField
            label="Amount approved (₹)"
            required
            inputMode="decimal"
            autoComplete="off"
            hint={`At most ${formatRupees(most)}. Approve less only with a reason.`}
            value={amount}
            error={shown.amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setErrors(({ amount: _, ...rest }) => rest);
            }}
          />
        )}
        <TextAreaField
          label="Reason"
          required={!approving}
          rows={3}
          hint={
            approving
              ? `Needed when approving less than ${formatRupees(most)}; at most ${MAX_MONEY_REASON} characters.`
              : `The filer reads it; at most ${MAX_MONEY_REASON} characters.`
          }
          value={reason}
          error={shown.reason}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors(({ reason: _, ...rest }) => rest);
          }}
        />
      </div>
    </Dialog>
  );
}
