import { useState } from 'react';
import {
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  type Correction,
  type CorrectionStatus,
} from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdminCorrections, useDecideCorrection } from './api/identity';
import { DecisionForm } from './decision-form';
import { StatusTabs } from './status-tabs';

function CorrectionCard({ correction }: { correction: Correction }) {
  const decide = useDecideCorrection(correction.id);
  const label = INSTITUTE_FACT_LABELS[correction.field];
  return (
    <Card aria-label={`${label} of ${correction.student.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-ink">
          {label} of {correction.student.name}{' '}
          <span className="font-normal text-ink-muted">({correction.student.username})</span>
        </h2>
        {correction.status !== 'open' && (
          <Badge tone={correction.status === 'approved' ? 'success' : 'danger'}>
            {correction.status === 'approved' ? 'Approved' : 'Declined'}
          </Badge>
        )}
      </div>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">The institute keeps</dt>
          <dd className="break-words text-ink">{correction.currentValue ?? 'Nothing'}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">The student asks for</dt>
          <dd className="break-words font-medium text-ink">{correction.requestedValue}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-ink-muted">Reason</dt>
          <dd className="break-words text-ink">{correction.reason}</dd>
        </div>
        {correction.decisionReason && (
          <div className="sm:col-span-2">
            <dt className="text-ink-muted">Answer</dt>
            <dd className="break-words text-ink">{correction.decisionReason}</dd>
          </div>
        )}
      </dl>
      <p className="mt-1 text-xs text-ink-muted">Asked {formatDateTime(correction.createdAt)}</p>
      {correction.status === 'open' && (
        <DecisionForm
          label={`Decide the ${label.toLowerCase()} of ${correction.student.name}`}
          reasonLabel="Answer to the student (needed to decline)"
          pending={decide.isPending}
          choices={[
            { value: 'approve', label: 'Approve', variant: 'primary' },
            { value: 'decline', label: 'Decline', variant: 'danger' },
          ]}
          send={async (decision, reason) => {
            await decide.mutateAsync({
              decision: decision as 'approve' | 'decline',
              ...(reason ? { reason } : {}),
            });
            toast.success(decision === 'approve' ? 'Correction approved.' : 'Correction declined.');
          }}
        />
      )}
    </Card>
  );
}

/** /admin/corrections: students' requests to correct a fact the institute keeps (decision 0015). */
export function AdminCorrectionsPage() {
  const [status, setStatus] = useState<CorrectionStatus>('open');
  const list = useAdminCorrections(status);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Correction requests"
        description="Students ask to correct their official name, Student ID, program, discipline, admission year or CGPA. Approving changes the institute's record (audited; position requirements read its CGPA and the year of study its admission year gives) and tells the student; declining needs a reason."
      />
      <StatusTabs
        label="Requests"
        value={status}
        onChange={(next) => setStatus(next as CorrectionStatus)}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'approved', label: 'Approved' },
          { value: 'declined', label: 'Declined' },
        ]}
      />
      {list.isPending ? (
        <Spinner label="Loading the requests" visibleLabel />
      ) : list.isError ? (
        <ErrorState
          message={IDENTITY_MESSAGES.loadFailed}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={IDENTITY_MESSAGES.empty} />
      ) : (
        <ul className="grid min-w-0 gap-3 lg:grid-cols-2" aria-label="Correction requests">
          {list.data.map((correction) => (
            <li key={correction.id} className="min-w-0">
              <CorrectionCard correction={correction} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
