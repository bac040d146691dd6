import { Link, useParams } from 'react-router';
import { EVENT_MESSAGES } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Button, buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatDateTimeRange } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useTicket } from './api/ticket';
import { TicketQr } from './check-in/ticket-qr';

// Printing shows the ticket alone: everything else on the page (the portal's header and menus too) is hidden.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .ticket-print, .ticket-print * { visibility: visible !important; }
  .ticket-print { position: absolute; top: 0; left: 0; width: 100%; box-shadow: none; }
  @page { margin: 12mm; }
}`;

function TicketView({ id }: { id: string }) {
  const ticket = useTicket(id);
  if (ticket.isPending)
    return <Spinner label="Loading your ticket..." visibleLabel size="lg" className="py-10" />;
  if (ticket.isError) {
    const { error } = ticket;
    if (error instanceof ApiError && error.status === 404)
      return <EmptyState title={EVENT_MESSAGES.notFound} />;
    if (error instanceof ApiError && error.status === 409)
      return (
        <EmptyState
          title={error.message}
          action={
            <Link to={paths.event(id)} className={buttonClasses({ variant: 'secondary' })}>
              See the event
            </Link>
          }
        />
      );
    return (
      <ErrorState
        message="Your ticket could not be loaded. Check the connection and try again."
        onRetry={() => void ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  }
  const { data } = ticket;
  const when = formatDateTimeRange(data.event.start, data.event.end);
  return (
    <>
      <title>{`Ticket: ${data.event.title} · COSA Portal`}</title>
      <style href="ticket-print" precedence="default">
        {PRINT_CSS}
      </style>
      <article
        aria-labelledby="ticket-title"
        className="ticket-print flex flex-col items-center gap-4 rounded-card border border-line bg-surface p-5 text-center shadow-card"
      >
        <header className="flex w-full flex-col gap-1">
          <p className="text-xs font-medium tracking-wide text-ink-muted uppercase">Event ticket</p>
          <h1 id="ticket-title" className="text-2xl font-bold break-words text-ink">
            {data.event.title}
          </h1>
          <p className="text-ink">{when ?? 'Time to be announced'}</p>
          {data.event.venue && <p className="text-ink-muted">{data.event.venue}</p>}
        </header>
        {data.checkedInAt && (
          <p className="w-full rounded-lg border-2 border-success-700 bg-success-50 px-3 py-2 text-lg font-semibold text-success-700">
            Checked in at {formatDateTime(data.checkedInAt)}
          </p>
        )}
        <TicketQr code={data.code} label={`QR code of the ticket of ${data.name}`} />
        <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left">
          <dt className="text-ink-muted">Name</dt>
          <dd className="font-semibold break-words text-ink">{data.name}</dd>
          <dt className="text-ink-muted">Student ID</dt>
          <dd className="font-semibold text-ink">{data.studentId ?? '—'}</dd>
        </dl>
        <p className="text-sm text-ink-muted">
          Show this code at the door. It is yours alone: anyone holding it can be checked in as you.
        </p>
      </article>
      <div className="mt-4 flex justify-center print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </div>
    </>
  );
}

/** /events/{id}/ticket: the signed-in person's ticket, its QR code for the door, printable on its own. */
export function TicketPage() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-md">
      <BackLink to={paths.event(id)}>Back to the event</BackLink>
      <TicketView key={id} id={id} />
    </div>
  );
}
