import { useEffect, useId, useRef, useState } from 'react';
import { ENDORSEMENT_MESSAGES, type PendingPosition } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatINR } from '../../../lib/format';
import { isShortfall, useVerifyPosition } from '../api/verify-position';
import { ReviewActions } from './review-actions';
import { capitalised, Detail, ReviewCard } from './review-card';

/** The shortfall of the position's requirements, asked about in the card; focus moves to it when it appears. */
function ShortfallQuestion({
  gaps,
  pending,
  onConfirm,
  onBack,
}: {
  gaps: string[];
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-warning-700/30 bg-warning-50 p-3 text-sm text-warning-700 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <p id={titleId} className="font-semibold">
        {ENDORSEMENT_MESSAGES.shortfall}
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {gaps.map((gap) => (
          <li key={gap}>{gap}</li>
        ))}
      </ul>
      <p>Verify the record anyway? The shortfall is recorded in the activity log.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onBack} disabled={pending}>
          Not now
        </Button>
        <Button
          size="sm"
          onClick={onConfirm}
          loading={pending}
          loadingText={ENDORSEMENT_MESSAGES.verifying}
        >
          {ENDORSEMENT_MESSAGES.verifyAnyway}
        </Button>
      </div>
    </div>
  );
}

/**
 * A position record awaiting verification: a student's own claim, or a club coordinator's
 * appointment (marked as such); the position and unit, tenure, status and metrics.
 */
export function PositionItem({ item }: { item: PendingPosition }) {
  const verify = useVerifyPosition();
  const [gaps, setGaps] = useState<string[] | null>(null);
  // Verify and Decline of the row: a shortfall answer is kept to be asked about.
  const approval = {
    isPending: verify.isPending,
    mutate: (id: string, options?: { onSettled?: () => void }) =>
      verify.mutate(
        { id, confirm: false, version: item.version },
        {
          onError: (error) => {
            if (isShortfall(error)) setGaps(Object.values(error.fields ?? {}));
          },
          onSettled: options?.onSettled,
        },
      ),
  };
  const pendingAppointment = item.verification === 'pending';
  return (
    <ReviewCard
      title={item.position.title}
      submitter={item.student}
      submittedAt={item.createdAt}
      details={
        <>
          <Detail term="Unit">{item.position.unit.name}</Detail>
          <Detail term="Tenure">{item.tenureYear}</Detail>
          <Detail term="Status">{capitalised(item.status)}</Detail>
          <Detail term="Events organized">{String(item.metrics.eventsOrganized)}</Detail>
          <Detail term="Budget utilized">
            {item.metrics.budgetUtilized === null ? 'N/A' : formatINR(item.metrics.budgetUtilized)}
          </Detail>
          <Detail term="Feedback">{item.metrics.feedback}</Detail>
          <Detail term="POR">{item.porCode}</Detail>
          {pendingAppointment && <Detail term="Club coordinator">{item.proposedBy?.name}</Detail>}
        </>
      }
      extra={
        <>
          <Badge tone="warning" className="self-start">
            {pendingAppointment
              ? ENDORSEMENT_MESSAGES.pendingBadge
              : ENDORSEMENT_MESSAGES.selfDeclaredBadge}
          </Badge>
          {gaps && (
            <ShortfallQuestion
              gaps={gaps}
              pending={verify.isPending}
              onConfirm={() =>
                verify.mutate(
                  { id: item.id, confirm: true, version: item.version },
                  { onSuccess: () => setGaps(null) },
                )
              }
              onBack={() => setGaps(null)}
            />
          )}
        </>
      }
      actions={
        <ReviewActions
          kind="positions"
          id={item.id}
          version={item.version}
          name={`${item.position.title} by ${item.student.name}`}
          approval={approval}
          approveText={ENDORSEMENT_MESSAGES.verify}
          approvingText={ENDORSEMENT_MESSAGES.verifying}
        />
      }
    />
  );
}
