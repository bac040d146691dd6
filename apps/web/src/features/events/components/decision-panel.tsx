import { useState } from 'react';
import { EVENT_APPROVAL_LABELS, type EventDecision, type EventDetail } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideEvent } from '../api/decide-event';

const TONE: Record<EventDetail['approval'], BadgeTone> = {
  proposed: 'warning',
  changes_requested: 'info',
  approved: 'success',
  rejected: 'danger',
};

const DONE: Record<EventDecision['decision'], string> = {
  approve: 'Event approved. Students can see it now.',
  request_changes: 'Sent back to the coordinator with your reason.',
  reject: 'Proposal rejected. The coordinator was told why.',
};

/** The council's decision: approve, or send back or reject with a reason the coordinator reads. */
function DecisionForm({ event }: { event: EventDetail }) {
  const decide = useDecideEvent(event.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const send = (decision: EventDecision['decision']) => {
    if (decision !== 'approve' && !reason.trim()) {
      setMissing(true);
      return;
    }
    decide.mutate(
      { decision, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onSuccess: () => toast.success(DONE[decision]) },
    );
  };
  const serverReason =
    decide.error instanceof ApiError && decide.error.status < 500
      ? decide.error.message
      : decide.isError
        ? 'The decision could not be saved. Please try again.'
        : null;
  return (
    <div className="flex flex-col gap-3">
      <TextAreaField
        label="Reason for the coordinator"
        hint="Needed to ask for changes or to reject; optional with an approval."
        value={reason}
        maxLength={1000}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
        error={missing ? 'Give a reason the coordinator can act on.' : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => send('approve')}
          loading={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
        >
          Approve
        </Button>
        <Button variant="secondary" onClick={() => send('request_changes')} disabled={decide.isPending}>
          Ask for changes
        </Button>
        <Button variant="danger" onClick={() => send('reject')} disabled={decide.isPending}>
          Reject
        </Button>
      </div>
      {serverReason && <Alert tone="error">{serverReason}</Alert>}
    </div>
  );
}

/** Where a club's proposal stands with the council, and the decision for those who make it. */
export function DecisionPanel({
  event,
  timeZone,
}: {
  event: EventDetail;
  timeZone: string | undefined;
}) {
  if (event.approval === 'approved' && !event.approvalDetail.decidedAt) return null;
  const { reason, decidedBy, decidedAt } = event.approvalDetail;
  return (
    <Card aria-labelledby="event-approval" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="event-approval" className="text-lg font-semibold text-ink">
          Council approval
        </h2>
        <Badge tone={TONE[event.approval]}>{EVENT_APPROVAL_LABELS[event.approval]}</Badge>
      </div>
      {event.approval === 'proposed' && !event.canDecide && (
        <p className="text-sm text-ink-muted">
          Students see this event once the general secretary of the club's council approves it.
        </p>
      )}
      {decidedAt && (
        <p className="text-sm text-ink">
          {decidedBy ?? 'An official'} decided on {formatDateTime(decidedAt, timeZone)}
          {reason ? `: “${reason}”` : '.'}
        </p>
      )}
      {event.approval === 'changes_requested' && event.canEdit && (
        <p className="text-sm text-ink">Edit the event to send it back to the council.</p>
      )}
      {event.canDecide && <DecisionForm event={event} />}
    </Card>
  );
}
