import { useState } from 'react';
import {
  APPROVAL_MESSAGES,
  BookingDecisionSchema,
  MAX_DECISION_NOTE,
  ROOM_MESSAGES,
  type Booking,
} from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { characterCount, formatBookingDate, formatTimeRange } from '../booking-format';

export type PendingDecision = { booking: Booking; status: 'Approved' | 'Rejected' };

type DecisionDialogProps = {
  decision: PendingDecision | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string | undefined) => void;
};

/**
 * Asks before a decision, which cannot be undone, and takes an optional note for the requester.
 * The note's length is counted as the server counts it; the field itself sets no limit, so it
 * never stops typing before the server would.
 */
export function DecisionDialog({ decision, busy, onCancel, onConfirm }: DecisionDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approving = decision?.status === 'Approved';

  const confirm = () => {
    const parsed = BookingDecisionSchema.safeParse({ status: decision?.status, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onConfirm(parsed.data.note ?? undefined);
  };

  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open) {
          setNote('');
          setError(undefined);
          onCancel();
        }
      }}
      title={approving ? APPROVAL_MESSAGES.approveTitle : APPROVAL_MESSAGES.rejectTitle}
      description="The requester sees your decision and note. It cannot be changed afterwards."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant={approving ? 'primary' : 'danger'}
            loading={busy}
            loadingText={approving ? 'Approving...' : 'Rejecting...'}
            onClick={confirm}
          >
            {approving ? APPROVAL_MESSAGES.approve : APPROVAL_MESSAGES.reject}
          </Button>
        </>
      }
    >
      {decision && (
        <div className="grid gap-3">
          <p className="text-sm wrap-anywhere text-ink">
            {decision.booking.room.name}, {formatBookingDate(decision.booking.date)},{' '}
            {formatTimeRange(decision.booking.startTime, decision.booking.endTime)}:{' '}
            {decision.booking.description} (asked by {decision.booking.requestedBy.name})
          </p>
          <TextAreaField
            label={ROOM_MESSAGES.noteLabel}
            rows={3}
            value={note}
            hint={`${characterCount(note)} of ${MAX_DECISION_NOTE} characters`}
            error={error}
            onChange={(event) => {
              setNote(event.target.value);
              setError(undefined);
            }}
          />
        </div>
      )}
    </Dialog>
  );
}
