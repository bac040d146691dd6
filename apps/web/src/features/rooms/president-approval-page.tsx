import { useEffect, useState } from 'react';
import {
  APPROVAL_FILTERS,
  APPROVAL_MESSAGES,
  type ApprovalFilter,
  type ApprovalList,
} from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { usePublicConfig } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { approvalsExportHref, useApprovals, useDecideBooking } from './api/approvals';
import { formatBookingDate, formatTimeRange } from './booking-format';
import { ApprovalTiles } from './components/approval-tiles';
import { BookingTable, WRITTEN_TEXT, type BookingColumn } from './components/booking-table';
import { BookingStatusBadge, BookingWarnings } from './components/booking-status';
import { DecisionDialog, type PendingDecision } from './components/decision-dialog';
import { DecisionLine } from './components/decision-line';
import { useApprovalFilters } from './use-approval-filters';
import { ExportLink } from '../../components/ui/export-link';

const TAB_LABELS: Record<ApprovalFilter, string> = {
  all: APPROVAL_MESSAGES.allTab,
  Pending: APPROVAL_MESSAGES.pending,
  Approved: APPROVAL_MESSAGES.approved,
  Rejected: APPROVAL_MESSAGES.rejected,
};

/** A failed decision: the spec's banner, and the server's reason when it gives one (a clash names the approved booking). */
type Failure = { action: 'approve' | 'reject'; reason: string | null };

/** /president-approval: every booking request, filtered, searched and paged on the server, approved or rejected here. */
export function PresidentApprovalPage() {
  const { filters, update } = useApprovalFilters();
  const approvals = useApprovals(filters);
  const decide = useDecideBooking();
  const { data: config } = usePublicConfig();
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const list: ApprovalList | undefined = approvals.isError ? undefined : approvals.data;
  const lastPage = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
  const pastTheEnd =
    list !== undefined &&
    !approvals.isPlaceholderData &&
    list.items.length === 0 &&
    list.total > 0 &&
    filters.page > lastPage;

  // A page beyond the last (an old link, or the last request of the last page decided) shows the last page instead of an empty list.
  useEffect(() => {
    if (pastTheEnd) update({ page: lastPage });
  }, [pastTheEnd, lastPage, update]);

  const confirm = (note: string | undefined) => {
    if (!decision) return;
    const { booking, status } = decision;
    const action = status === 'Approved' ? 'approve' : 'reject';
    setFailure(null);
    decide.mutate(
      { id: booking.id, body: { status, ...(note ? { note } : {}) } },
      {
        onSuccess: () =>
          toast.success(
            status === 'Approved' ? APPROVAL_MESSAGES.approvedToast : APPROVAL_MESSAGES.rejectedToast,
          ),
        onError: (error) =>
          setFailure({
            action,
            reason: error instanceof ApiError && error.status === 409 ? error.message : null,
          }),
        onSettled: () => setDecision(null),
      },
    );
  };

  const columns: BookingColumn[] = [
    {
      header: 'Date',
      cell: (booking) => formatBookingDate(booking.date),
      className: 'md:whitespace-nowrap',
    },
    {
      header: 'Time',
      cell: (booking) => (
        <span className="tabular-nums">{formatTimeRange(booking.startTime, booking.endTime)}</span>
      ),
      className: 'md:whitespace-nowrap',
    },
    { header: 'Room', cell: (booking) => booking.room.name, className: `${WRITTEN_TEXT} md:min-w-24` },
    {
      header: 'Description',
      className: WRITTEN_TEXT,
      cell: (booking) => (
        <>
          {booking.description}
          <span className="block text-xs text-ink-muted">Asked by {booking.requestedBy.name}</span>
        </>
      ),
    },
    {
      header: 'Status',
      className: `${WRITTEN_TEXT} md:min-w-44`,
      cell: (booking) => (
        <span className="flex flex-col items-start gap-1">
          <BookingStatusBadge status={booking.status} />
          <BookingWarnings booking={booking} />
          <DecisionLine booking={booking} timeZone={config?.timeZone} />
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (booking) =>
        booking.status === 'Pending' ? (
          <span className="flex flex-wrap gap-2">
            {/* Over an approved booking an approval can only fail; rejecting it is what is left. */}
            {!booking.approvedOverlap && (
              <Button
                size="sm"
                onClick={() => setDecision({ booking, status: 'Approved' })}
                aria-label={`Approve: ${booking.room.name}, ${formatBookingDate(booking.date)}, ${booking.startTime}`}
              >
                {APPROVAL_MESSAGES.approve}
              </Button>
            )}
            <Button
              size="sm"
              variant="danger"
              onClick={() => setDecision({ booking, status: 'Rejected' })}
              aria-label={`Reject: ${booking.room.name}, ${formatBookingDate(booking.date)}, ${booking.startTime}`}
            >
              {APPROVAL_MESSAGES.reject}
            </Button>
          </span>
        ) : (
          <span className="text-ink-muted">{APPROVAL_MESSAGES.noActions}</span>
        ),
    },
  ];

  let body;
  if (approvals.isError)
    body = (
      <ErrorState
        message={APPROVAL_MESSAGES.loadFailed}
        onRetry={() => void approvals.refetch()}
        retrying={approvals.isFetching}
      />
    );
  else if (!list || pastTheEnd)
    body = <Spinner label={APPROVAL_MESSAGES.loading} visibleLabel size="lg" className="py-10" />;
  else if (list.items.length === 0)
    body = <EmptyState title={APPROVAL_MESSAGES.empty} description={APPROVAL_MESSAGES.emptyHint} />;
  else
    body = (
      <div className="grid gap-4">
        <BookingTable
          caption="Booking requests"
          columns={columns}
          items={list.items}
          busy={approvals.isPlaceholderData}
        />
        <Pager
          label="Booking request pages"
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={(page) => update({ page })}
        />
      </div>
    );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <div>
        <PageHeader
          title={APPROVAL_MESSAGES.heading}
          description="Approve or reject the officials' room requests. Two approved bookings of one room never overlap."
          className="mb-0"
          actions={
            <>
              <Button
                variant="secondary"
                onClick={() => void approvals.refetch()}
                loading={approvals.isFetching && !approvals.isPending}
                loadingText="Refreshing..."
              >
                {APPROVAL_MESSAGES.refresh}
              </Button>
              <ExportLink href={approvalsExportHref(filters)} />
            </>
          }
        />
      </div>
      {failure && (
        <Alert tone="error" className="wrap-anywhere">
          {APPROVAL_MESSAGES.updateFailed(failure.action)}
          {failure.reason && <span className="mt-1 block">{failure.reason}</span>}
        </Alert>
      )}
      <ApprovalTiles counts={list?.counts} />
      <SearchField
        label="Search"
        placeholder={APPROVAL_MESSAGES.search}
        value={filters.q}
        onSearch={(q) => update({ q })}
        containerClassName="max-w-md"
      />
      <Tabs
        label="Requests by status"
        value={filters.status}
        onValueChange={(status) => update({ status: status as ApprovalFilter })}
        items={APPROVAL_FILTERS.map((value) => ({
          value,
          label: `${TAB_LABELS[value]} (${list ? (value === 'all' ? list.counts.all : list.counts[value]) : '…'})`,
          content: value === filters.status ? body : null,
        }))}
      />
      <DecisionDialog
        key={decision?.booking.id ?? 'none'}
        decision={decision}
        busy={decide.isPending}
        onCancel={() => setDecision(null)}
        onConfirm={confirm}
      />
    </div>
  );
}
