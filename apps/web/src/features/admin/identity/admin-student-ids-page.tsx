import { useState } from 'react';
import { ID_CONFLICT_MESSAGES, type IdConflict } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideIdConflict, useIdConflicts } from './api/identity';
import { DecisionForm } from './decision-form';
import { StatusTabs } from './status-tabs';

type Person = NonNullable<IdConflict['claimant']>;

function PersonLine({
  title,
  person,
  proven,
}: {
  title: string;
  person: Person | null;
  proven?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-ink-muted">{title}</dt>
      <dd className="break-words text-ink">
        {person ? (
          <>
            {person.name} ({person.username}, {person.email}){' '}
            {proven !== undefined && (
              <Badge tone={proven ? 'success' : 'warning'}>
                {proven ? 'Proven by the roll or the administrator' : 'Typed by the student, unproven'}
              </Badge>
            )}
          </>
        ) : (
          'Nobody'
        )}
      </dd>
    </div>
  );
}

function ConflictCard({ conflict }: { conflict: IdConflict }) {
  const decide = useDecideIdConflict(conflict.id);
  return (
    <Card aria-label={`Student ID ${conflict.studentId}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-ink">Student ID {conflict.studentId}</h2>
        <Badge tone={conflict.kind === 'reported' ? 'info' : 'neutral'}>
          {conflict.kind === 'reported' ? 'Asked for by a student' : 'Released by the roll import'}
        </Badge>
      </div>
      <dl className="mt-2 grid gap-2 text-sm">
        {conflict.kind === 'reported' && <PersonLine title="Asked for by" person={conflict.claimant} />}
        <PersonLine title="Held now by" person={conflict.holder} proven={conflict.holder?.proven} />
        {conflict.resolution && (
          <div>
            <dt className="text-ink-muted">Settled</dt>
            <dd className="break-words text-ink">{conflict.resolution}</dd>
          </div>
        )}
      </dl>
      <p className="mt-1 text-xs text-ink-muted">
        {conflict.settledAt
          ? `Settled ${formatDateTime(conflict.settledAt)}`
          : `Asked ${formatDateTime(conflict.createdAt)}`}
      </p>
      {conflict.status === 'open' && (
        <DecisionForm
          label={`Settle Student ID ${conflict.studentId}`}
          reasonLabel="Reason (both students read it)"
          pending={decide.isPending}
          choices={[
            { value: 'claimant', label: 'Give it to the student who asked', variant: 'primary' },
            { value: 'holder', label: 'Keep it with its holder' },
            {
              value: 'release',
              label: 'Take it from its holder; the student who asked may enter it',
              variant: 'danger',
            },
          ]}
          send={async (decision, reason) => {
            await decide.mutateAsync({
              decision: decision as 'claimant' | 'holder' | 'release',
              reason,
            });
            toast.success('Student ID settled.');
          }}
        />
      )}
    </Card>
  );
}

/** /admin/student-ids: Student IDs two accounts want, and the roll's releases (decision 0015). */
export function AdminStudentIdsPage() {
  const [status, setStatus] = useState<'open' | 'settled'>('open');
  const list = useIdConflicts(status);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title="Student ID conflicts"
        description="The student roll is the source of truth: an ID a student only typed goes to the roll's row when the roll is imported. Here you settle the IDs students asked for, and see what the roll released. An account you take an ID from can never enter it again. Every change is audited and both students are told."
      />
      <StatusTabs
        label="Conflicts"
        value={status}
        onChange={(next) => setStatus(next as 'open' | 'settled')}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'settled', label: 'Settled' },
        ]}
      />
      {list.isPending ? (
        <Spinner label="Loading the conflicts" visibleLabel />
      ) : list.isError ? (
        <ErrorState
          message={ID_CONFLICT_MESSAGES.loadFailed}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState title={ID_CONFLICT_MESSAGES.empty} />
      ) : (
        <ul className="grid min-w-0 gap-3 lg:grid-cols-2" aria-label="Student ID conflicts">
          {list.data.map((conflict) => (
            <li key={conflict.id} className="min-w-0">
              <ConflictCard conflict={conflict} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
