import { useState } from 'react';
import { ROOM_MESSAGES, type Booking } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/public-config';
import { toast } from '../../../lib/toast';
import { useMyBookings, useWithdrawBooking } from '../api/bookings';
import { formatBookingDate, formatTimeRange } from '../booking-format';
import { BookingTable, WRITTEN_TEXT, type BookingColumn } from './booking-table';
import { BookingStatusBadge, BookingWarnings } from './booking-status';
import { DecisionLine } from './decision-line';

/** The user's own requests with their status, who decided and the note; a pending one can be withdrawn. */
export function MyBookings() {
  const [page, setPage] = useState(1);
  const list = useMyBookings(page);
  const { data: config } = usePublicConfig();
  const withdraw = useWithdrawBooking();
  const [withdrawing, setWithdrawing] = useState<Booking | null>(null);

  // However the dialog closes (Keep it, Escape, the close button, success), the last attempt's error goes with it.
  const closeWithdraw = () => {
    setWithdrawing(null);
    withdraw.reset();
  };

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(withdrawing.id, {
      onSuccess: () => {
        toast.success(ROOM_MESSAGES.withdrawn);
        closeWithdraw();
      },
    });
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
    { header: 'Description', cell: (booking) => booking.description, className: WRITTEN_TEXT },
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
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setWithdrawing(booking)}
            aria-label={`Withdraw the request for ${booking.room.name} on ${formatBookingDate(booking.date)}`}
          >
            {ROOM_MESSAGES.withdraw}
          </Button>
        ) : (
          <span className="text-ink-muted">—</span>
        ),
    },
  ];

  let body;
  if (list.isError)
    body = (
      <ErrorState
        message={ROOM_MESSAGES.loadFailed}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (!list.data)
    body = <Spinner label="Loading your booking requests..." visibleLabel className="py-6" />;
  else if (list.data.items.length === 0) body = <EmptyState title={ROOM_MESSAGES.empty} />;
  else
    body = (
      <div className="grid gap-4">
        <BookingTable
          caption={ROOM_MESSAGES.myRequests}
          columns={columns}
          items={list.data.items}
          busy={list.isPlaceholderData}
        />
        <Pager
          label="Booking request pages"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      </div>
    );

  const failure =
    withdraw.error instanceof ApiError ? withdraw.error.message : ROOM_MESSAGES.withdrawFailed;
  return (
    <>
      {body}
      <Dialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) closeWithdraw();
        }}
        title={ROOM_MESSAGES.withdrawTitle}
        description={ROOM_MESSAGES.withdrawText}
        footer={
          <>
            <Button variant="secondary" onClick={closeWithdraw}>
              Keep it
            </Button>
            <Button
              variant="danger"
              loading={withdraw.isPending}
              loadingText="Withdrawing..."
              onClick={confirmWithdraw}
            >
              {ROOM_MESSAGES.withdraw}
            </Button>
          </>
        }
      >
        {withdrawing && (
          <p className="text-sm wrap-anywhere text-ink">
            {withdrawing.room.name}, {formatBookingDate(withdrawing.date)},{' '}
            {formatTimeRange(withdrawing.startTime, withdrawing.endTime)}: {withdrawing.description}
          </p>
        )}
        {withdraw.isError && (
          <Alert tone="error" className="mt-3">
            {failure}
          </Alert>
        )}
      </Dialog>
    </>
  );
}
