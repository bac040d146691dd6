import { Link } from 'react-router';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, formatRupees, type ClaimRow } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { ExportLink } from '../../components/ui/export-link';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { formatDate } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { usePagePastTheEnd } from '../../lib/use-page-past-the-end';
import { claimsExportHref, useClaims } from './api/claims';
import { ClaimStatusBadge } from './components/claim-status';
import { MoneyTable, type MoneyColumn } from './components/money-table';
import { TenureSelect } from './components/tenure-select';
import { lineLabel } from './money-labels';
import { moneyPaths } from './money-paths';
import { useClaimFilters } from './use-money-filters';

const linkClasses =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

const STATUS_OPTIONS = CLAIM_STATUSES.map((status) => ({
  value: status,
  label: CLAIM_STATUS_LABELS[status],
}));

/** /money/claims: the claims the reader may see, filtered, searched and paged, with those awaiting them apart. */
export function ClaimsPage() {
  const { filters, update } = useClaimFilters();
  const claims = useClaims(filters);
  const timeZone = usePublicConfig().data?.timeZone;
  const list = claims.isError ? undefined : claims.data;
  const pastTheEnd = usePagePastTheEnd(
    list && { total: list.total, pageSize: list.pageSize, page: filters.page, shown: list.items.length },
    claims.isPlaceholderData,
    (page) => update({ page }),
  );
  const filtered = Boolean(filters.status || filters.tenureYear || filters.unitId || filters.q);

  const columns: MoneyColumn<ClaimRow>[] = [
    {
      header: 'Claim',
      cell: (claim) => (
        <Link to={moneyPaths.claim(claim.id)} className={linkClasses}>
          {claim.claimCode}
        </Link>
      ),
    },
    {
      header: 'Club',
      cell: (claim) => (
        <>
          {claim.unit.name}
          {claim.event && <span className="block text-xs text-ink-muted">{claim.event.title}</span>}
        </>
      ),
    },
    { header: 'Line', cell: (claim) => `${lineLabel(claim.line.heading)}, ${claim.line.tenureYear}` },
    { header: 'Payee', cell: (claim) => claim.payee },
    {
      header: 'Amount',
      numeric: true,
      cell: (claim) => (
        <>
          {formatRupees(claim.amount)}
          {claim.approvedAmount !== null && claim.approvedAmount !== claim.amount && (
            <span className="block text-xs text-ink-muted">
              {formatRupees(claim.approvedAmount)} approved
            </span>
          )}
        </>
      ),
    },
    { header: 'Status', cell: (claim) => <ClaimStatusBadge status={claim.status} /> },
    {
      header: 'Updated',
      cell: (claim) => (
        <>
          {formatDate(claim.updatedAt, timeZone)}
          {claim.filedBy && (
            <span className="block text-xs text-ink-muted">by {claim.filedBy.name}</span>
          )}
        </>
      ),
    },
  ];

  let body;
  if (claims.isError)
    body = (
      <ErrorState
        message="The claims could not be loaded. Check your connection and try again."
        onRetry={() => void claims.refetch()}
        retrying={claims.isFetching}
      />
    );
  else if (!list || pastTheEnd)
    body = <Spinner label="Loading claims..." visibleLabel size="lg" className="py-10" />;
  else if (list.items.length === 0)
    body = (
      <EmptyState
        title={
          filters.mine
            ? 'Nothing awaits you.'
            : filtered
              ? 'No claims match these filters.'
              : 'No claims yet.'
        }
        description={
          filtered
            ? 'Change or clear the filters to see more.'
            : 'A club’s coordinator or an organiser of its event files a claim with its receipts.'
        }
      />
    );
  else
    body = (
      <div className="grid gap-4">
        <MoneyTable
          caption="Claims"
          columns={columns}
          items={list.items}
          itemKey={(claim) => claim.id}
          busy={claims.isPlaceholderData}
        />
        <Pager
          label="Claim pages"
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={(page) => update({ page })}
        />
      </div>
    );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Claims"
        description="Expense claims against the clubs' budget lines, with their receipts and every step."
        className="mb-0"
        actions={
          <>
            <Link to={moneyPaths.newClaim} className={buttonClasses()}>
              New claim
            </Link>
            <ExportLink href={claimsExportHref(filters)} />
          </>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          placeholder="All statuses"
          value={filters.status}
          onChange={(event) => update({ status: event.target.value })}
          containerClassName="sm:w-64"
        />
        <TenureSelect
          value={filters.tenureYear}
          placeholder="All tenures"
          onChange={(tenureYear) => update({ tenureYear })}
        />
        <SearchField
          label="Search"
          placeholder="Claim number, club or payee"
          value={filters.q}
          onSearch={(q) => update({ q })}
          containerClassName="sm:max-w-md sm:flex-1"
        />
      </div>
      <Tabs
        label="Claims to show"
        value={filters.mine || 'all'}
        onValueChange={(value) => update({ mine: value === 'awaiting' ? 'awaiting' : '' })}
        items={[
          { value: 'all', label: 'All claims', content: filters.mine ? null : body },
          {
            value: 'awaiting',
            label: `Awaiting me (${list ? list.awaitingMe : '…'})`,
            content: filters.mine ? body : null,
          },
        ]}
      />
    </div>
  );
}
