import { useState } from 'react';
import { HOLDING_CONFIRMATION_MESSAGES, type UnconfirmedHolding } from '@cosa/contracts';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useConfirmHoldings, useUnconfirmedHoldings } from './api/holding-confirmations';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { STATUS_LABELS } from './cosa-labels';
import { FilterSheet } from '../../components/ui/filter-sheet';

const FAILED = 'The holding could not be confirmed. Check your connection and try again.';

function HoldingRow({ holding }: { holding: UnconfirmedHolding }) {
  const confirm = useConfirmHoldings();
  const who = `${holding.holder.name}${holding.holder.studentId ? ` (student id ${holding.holder.studentId})` : ''}`;
  return (
    <Card
      aria-label={`${holding.position}, ${holding.holder.name}`}
      className="flex min-w-0 flex-col gap-2"
    >
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words text-ink">
          {holding.position}, {holding.unit.name}
        </p>
        <p className="break-words text-ink-muted">
          {who} · {holding.tenureYear} · {STATUS_LABELS[holding.status]} · {holding.code}
        </p>
      </div>
      {holding.own ? (
        <p className="text-sm text-ink-muted">Your own holding: another administrator confirms it.</p>
      ) : (
        <div>
          <ConfirmDialog
            triggerLabel="Confirm"
            triggerAriaLabel={`Confirm ${holding.position}, ${holding.holder.name}`}
            triggerVariant="primary"
            title="Confirm this holding?"
            description={`${who} held ${holding.position} in ${holding.unit.name} for ${holding.tenureYear}. You will be recorded as its verifier, and its credential will be signed with your name.`}
            confirmation={{
              confirmLabel: 'Confirm holding',
              pendingLabel: 'Confirming...',
              failureMessage: FAILED,
              onConfirm: async () => {
                await confirm.mutateAsync({ holdingId: holding.id });
                toast.success(HOLDING_CONFIRMATION_MESSAGES.confirmedOne);
              },
            }}
          />
        </div>
      )}
    </Card>
  );
}

/**
 * The holdings recorded before the portal kept who verified or appointed them: not signed as
 * credentials until the administrator confirms them, one by one or a unit's at once.
 */
export function HoldingConfirmationsView() {
  const [filters, setFilters] = useState({ unitId: '', q: '' });
  const holdings = useUnconfirmedHoldings(filters);
  const confirmUnit = useConfirmHoldings();
  const data = holdings.data;
  const unit = data?.units.find((each) => each.id === filters.unitId);
  let body;
  if (holdings.isPending) body = <Spinner label="Loading holdings..." visibleLabel className="py-6" />;
  else if (holdings.isError)
    body = (
      <ErrorState
        message="The holdings could not be loaded. Check your connection and try again."
        onRetry={() => void holdings.refetch()}
        retrying={holdings.isFetching}
      />
    );
  else if (holdings.data.items.length === 0)
    body = <EmptyState title="No holding awaits confirmation." />;
  else
    body = (
      <ul className="flex min-w-0 flex-col gap-3">
        {holdings.data.items.map((holding) => (
          <li key={holding.id}>
            <HoldingRow holding={holding} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-ink-muted">
        These holdings were recorded as verified before the portal kept who verified or appointed them,
        so the institute does not sign them as credentials: their holders read that you can confirm them.
        Confirming records you as the verifier (in the audit log) and lets the holder download the
        credential.
      </p>
      <FilterSheet
        label="Find holdings awaiting confirmation"
        active={[filters.unitId, filters.q].filter(Boolean).length}
        className="grid gap-3 sm:grid-cols-2"
      >
        <SelectField
          label="Unit"
          value={filters.unitId}
          onChange={(event) => setFilters({ ...filters, unitId: event.target.value })}
          options={[
            { value: '', label: 'All units' },
            ...(data?.units ?? []).map((each) => ({
              value: each.id,
              label: `${each.name} (${each.count})`,
            })),
          ]}
        />
        <SearchField
          label="Search holders"
          placeholder="Name, e-mail, student ID or POR ID"
          value={filters.q}
          onSearch={(q) => setFilters({ ...filters, q: q.trim() })}
        />
      </FilterSheet>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" role="status">
          {data &&
            (data.total === 1
              ? '1 holding awaits confirmation'
              : `${data.total.toLocaleString('en-IN')} holdings await confirmation`)}
          {data && data.total > data.items.length && `, the first ${data.items.length} shown`}
        </p>
        {unit && (
          <ConfirmDialog
            triggerLabel={`Confirm all of ${unit.name}`}
            triggerVariant="secondary"
            title={`Confirm every holding of ${unit.name}?`}
            description={`${unit.count === 1 ? 'Its 1 holding' : `Its ${unit.count} holdings`} awaiting confirmation (your own left out) will record you as their verifier, and their credentials will be signed with your name.`}
            confirmation={{
              confirmLabel: 'Confirm all',
              pendingLabel: 'Confirming...',
              confirmVariant: 'primary',
              failureMessage: FAILED,
              onConfirm: async () => {
                const { confirmed } = await confirmUnit.mutateAsync({ unitId: unit.id });
                toast.success(HOLDING_CONFIRMATION_MESSAGES.confirmedMany(confirmed));
              },
            }}
          />
        )}
      </div>
      {body}
    </div>
  );
}
