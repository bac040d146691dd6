import { Link } from 'react-router';
import { formatRupees, normalizeRole, OFFICIAL_ROLES, type BudgetOverview } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { ExportLink } from '../../components/ui/export-link';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { usePreloadSearchPicker } from '../../components/ui/lazy-search-picker';
import { useSession } from '../../lib/session';
import { usePagePastTheEnd } from '../../lib/use-page-past-the-end';
import { budgetsExportHref, useBudgets } from './api/budgets';
import { AllocateDialog } from './components/allocate-dialog';
import { BudgetUnitCard } from './components/budget-unit';
import { FigureList } from './components/figures';
import { MoneySettingsForm } from './components/settings-form';
import { TenureSelect } from './components/tenure-select';
import { moneyPaths } from './money-paths';
import { useBudgetFilters } from './use-money-filters';

function BudgetList({
  overview,
  q,
  mayTransfer,
}: {
  overview: BudgetOverview;
  q: string;
  mayTransfer: boolean;
}) {
  if (overview.units.length === 0)
    return (
      <EmptyState
        title={
          q ? `No council or club named like “${q}”.` : `No budgets for ${overview.tenureYear} yet.`
        }
        description={
          q
            ? 'Check the spelling, or clear the search.'
            : overview.mayAllocate
              ? 'Allocate money to a council or club to start the tenure’s budgets.'
              : 'The president allocates the tenure’s money; it shows here once allocated.'
        }
      />
    );
  return (
    <div className="grid gap-4">
      {overview.units.map((entry) => (
        <BudgetUnitCard key={entry.unit.id} entry={entry} mayTransfer={mayTransfer} />
      ))}
    </div>
  );
}

/**
 * /money: the budgets of a tenure (the current one unless chosen) for each council and club the
 * reader may see, each line with what is allocated, committed, paid and available; the president
 * and the administrator allocate, the officials pass a council's money down to its clubs, and the
 * administrator sets when the president approves a claim too.
 */
export function BudgetsPage() {
  usePreloadSearchPicker();
  const { filters, update } = useBudgetFilters();
  const budgets = useBudgets(filters);
  const { data: user } = useSession();
  // As the server's table says: the officials and the administrator pass a council's money down;
  // the administrator alone sets the president's amount. (The whole table would weigh on every page.)
  const role = user ? normalizeRole(user.role) : null;
  const mayTransfer = role === 'ADMIN' || (OFFICIAL_ROLES as readonly string[]).includes(role ?? '');
  const maySetAmount = role === 'ADMIN';
  const overview = budgets.isError ? undefined : budgets.data;
  const tenureYear = filters.tenureYear || overview?.tenureYear || '';
  const pastTheEnd = usePagePastTheEnd(
    overview && {
      total: overview.unitCount,
      pageSize: overview.pageSize,
      page: filters.page,
      shown: overview.units.length,
    },
    budgets.isPlaceholderData,
    (page) => update({ page }),
  );

  let body;
  if (budgets.isError)
    body = (
      <ErrorState
        message="The budgets could not be loaded. Check your connection and try again."
        onRetry={() => void budgets.refetch()}
        retrying={budgets.isFetching}
      />
    );
  else if (!overview || pastTheEnd)
    body = <Spinner label="Loading budgets..." visibleLabel size="lg" className="py-10" />;
  else
    body = (
      <div className="grid gap-4" aria-busy={budgets.isPlaceholderData || undefined}>
        <section aria-labelledby="money-totals" className="grid gap-2">
          <h2 id="money-totals" className="text-lg font-semibold text-ink">
            Totals for {overview.tenureYear}
          </h2>
          <FigureList figures={overview.totals} label={`Totals for ${overview.tenureYear}`} />
          <p className="text-sm text-ink-muted">
            Claims above {formatRupees(overview.presidentAbove)} also need the president’s approval.
          </p>
        </section>
        <BudgetList overview={overview} q={filters.q} mayTransfer={mayTransfer} />
        <Pager
          label="Budget pages"
          page={overview.page}
          pageSize={overview.pageSize}
          total={overview.unitCount}
          onPage={(page) => update({ page })}
        />
      </div>
    );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Club money"
        description="Each council's and club's budget lines for the tenure, and what is left on them."
        className="mb-0"
        actions={
          <>
            {overview?.mayAllocate && <AllocateDialog tenureYear={tenureYear} units={overview.units} />}
            <Link to={moneyPaths.claims} className={buttonClasses({ variant: 'secondary' })}>
              Claims
            </Link>
            {tenureYear && <ExportLink href={budgetsExportHref(tenureYear)} />}
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TenureSelect
          value={tenureYear}
          shown={overview?.tenureYear}
          onChange={(value) => update({ tenureYear: value })}
        />
        <SearchField
          label="Search"
          placeholder="Council or club name"
          value={filters.q}
          onSearch={(q) => update({ q })}
          containerClassName="sm:max-w-md sm:flex-1"
        />
      </div>
      {body}
      {overview && maySetAmount && (
        <MoneySettingsForm key={overview.presidentAbove} presidentAbove={overview.presidentAbove} />
      )}
    </div>
  );
}
