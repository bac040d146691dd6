import { Link, useParams } from 'react-router';
import { ENTRY_KIND_LABELS, formatRupees, MONEY_MESSAGES, type LedgerEntry } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { useLineHistory } from './api/lines';
import { FigureList } from './components/figures';
import { MoneyTable, type MoneyColumn } from './components/money-table';
import { lineLabel } from './money-labels';
import { moneyPaths, queryOf } from './money-paths';

const linkClasses =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

function LineView({ id }: { id: string }) {
  const history = useLineHistory(id);
  const timeZone = usePublicConfig().data?.timeZone;
  if (history.isPending)
    return <Spinner label="Loading the line..." visibleLabel size="lg" className="py-10" />;
  if (history.isError)
    return history.error instanceof ApiError && history.error.status === 404 ? (
      <EmptyState title={MONEY_MESSAGES.lineUnknown} />
    ) : (
      <ErrorState
        message={
          history.error instanceof ApiError && history.error.status === 403
            ? history.error.message
            : 'The line could not be loaded. Check your connection and try again.'
        }
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  const { line, entries } = history.data;
  const columns: MoneyColumn<LedgerEntry>[] = [
    { header: 'When', cell: (entry) => formatDateTime(entry.createdAt, timeZone) },
    { header: 'Entry', cell: (entry) => ENTRY_KIND_LABELS[entry.kind] },
    { header: 'Amount', numeric: true, cell: (entry) => formatRupees(entry.amount) },
    { header: 'By', cell: (entry) => entry.actor?.name ?? '—' },
    {
      header: 'Reason or reference',
      cell: (entry) =>
        [entry.reason, entry.reference && `Reference ${entry.reference}`].filter(Boolean).join(' · ') ||
        '—',
    },
    {
      header: 'Claim',
      cell: (entry) =>
        entry.claimId ? (
          <Link to={moneyPaths.claim(entry.claimId)} className={linkClasses}>
            View claim
          </Link>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <BackLink to={`${moneyPaths.budgets}${queryOf({ tenureYear: line.tenureYear })}`}>
        Back to the budgets
      </BackLink>
      <PageHeader
        title={`${line.unit.name}: ${lineLabel(line.heading)}`}
        description={`Budget line for ${line.tenureYear}`}
      />
      <div className="grid gap-4">
        <FigureList figures={line} label="The line's figures" />
        <Card aria-labelledby="ledger-heading" className="p-3 sm:p-4">
          <h2 id="ledger-heading" className="mb-2 text-lg font-semibold text-ink">
            Ledger
          </h2>
          {entries.length === 0 ? (
            <p className="text-sm text-ink-muted">No entries on this line yet.</p>
          ) : (
            <MoneyTable
              caption="Ledger entries, newest first"
              columns={columns}
              items={entries}
              itemKey={(entry) => entry.id}
            />
          )}
        </Card>
      </div>
    </>
  );
}

/** /money/lines/{id}: a budget line's figures and every entry of its ledger, newest first. */
export function LinePage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl">
      <LineView key={id} id={id} />
    </div>
  );
}
