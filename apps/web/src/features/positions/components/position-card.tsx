import type { ReactNode } from 'react';
import { POSITION_MESSAGES, type MyPosition } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { SubmissionHistory } from '../../../components/ui/submission-history';
import { formatINR, formatPositionDate, isoDateIn } from '../../../lib/format';
import { STATUS_LABELS, STATUS_TONES } from '../position-labels';
import { PositionActions } from './position-actions';

/** A calendar date ('2025-07-01') names a day, not an instant: shown as is, whatever the time zone. */
// A calendar date names its day in every time zone; format.ts reads it so.
const formatDay = formatPositionDate;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{term}</dt>
      <dd className="text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-ink">{title}</h3>
      <dl className="grid gap-2">{children}</dl>
    </div>
  );
}

/** One of the student's position-holder records, with its appointment, metrics and dates. */
export function PositionCard({
  position: record,
  timeZone,
  holderName,
}: {
  position: MyPosition;
  timeZone?: string;
  /** The signed-in student, shown as the holder in the edit form. */
  holderName: string;
}) {
  const title = record.position?.title || POSITION_MESSAGES.unknownPosition;
  const unit = record.position?.unit?.name || POSITION_MESSAGES.unknownDepartment;
  const updatedDiffers = isoDateIn(record.updatedAt, timeZone) !== isoDateIn(record.createdAt, timeZone);

  return (
    <Card aria-label={`${title}, ${record.tenureYear}`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-ink">{title}</h2>
          <p className="text-sm break-words text-ink-muted">{unit}</p>
          <p className="text-sm text-ink-muted">Tenure {record.tenureYear}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A declined claim never held the position: it shows its verification, not a status. */}
          {record.verification !== 'declined' && (
            <Badge tone={STATUS_TONES[record.status]}>{STATUS_LABELS[record.status]}</Badge>
          )}
          {/* The marks are sentences: they wrap on a phone rather than push the card sideways. */}
          {record.verification === 'self_declared' && (
            <Badge tone="warning" className="whitespace-normal!">
              {POSITION_MESSAGES.selfDeclared}
            </Badge>
          )}
          {record.verification === 'pending' && (
            <Badge tone="warning" className="whitespace-normal!">
              {POSITION_MESSAGES.pending}
            </Badge>
          )}
          {record.verification === 'declined' && (
            <Badge tone="danger">{POSITION_MESSAGES.declined}</Badge>
          )}
        </div>
      </div>
      {record.verification === 'declined' && record.declineReason && (
        <p className="rounded-lg border border-danger-700/30 bg-danger-50 px-3 py-2 text-sm break-words whitespace-pre-line text-danger-700">
          <span className="font-medium">{POSITION_MESSAGES.declineReasonLabel}</span>
          {record.declineReason}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Section title="Appointment details">
          <Detail term="Appointed by">{record.appointment?.appointedBy?.name || 'N/A'}</Detail>
          <Detail term="Appointment date">{formatDay(record.appointment?.date)}</Detail>
        </Section>
        <Section title="Performance metrics">
          <Detail term="Events organized">{record.metrics.eventsOrganized}</Detail>
          <Detail term="Budget utilized">
            {record.metrics.budgetUtilized === null ? 'N/A' : formatINR(record.metrics.budgetUtilized)}
          </Detail>
          <Detail term="Feedback">
            <span className="line-clamp-2" title={record.metrics.feedback ?? undefined}>
              {record.metrics.feedback || 'N/A'}
            </span>
          </Detail>
        </Section>
      </div>

      {/* The current decline shows above; the history keeps the earlier ones and the resends. */}
      <SubmissionHistory
        history={record.verification === 'declined' ? record.history.slice(0, -1) : record.history}
      />
      <PositionActions record={record} title={title} holderName={holderName} />

      <dl className="flex flex-wrap gap-x-6 gap-y-1 border-t border-line-soft pt-3 text-xs text-ink-muted">
        <div className="flex gap-1">
          <dt>Created:</dt>
          <dd>{formatPositionDate(record.createdAt, timeZone)}</dd>
        </div>
        {updatedDiffers && (
          <div className="flex gap-1">
            <dt>Updated:</dt>
            <dd>{formatPositionDate(record.updatedAt, timeZone)}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}
