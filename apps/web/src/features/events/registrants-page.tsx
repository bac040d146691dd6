import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import type { Registrant, RegistrationListQuery } from '@cosa/contracts';
import { BackLink } from '../../components/ui/back-link';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { ExportLink } from '../../components/ui/export-link';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { usePublicConfig } from '../../lib/public-config';
import { toast } from '../../lib/toast';
import { pageFrom, searchFrom, useUrlFilters } from '../../lib/use-url-filters';
import { useEvent } from './api/get-event';
import {
  registrantsExportHref,
  useMarkPaid,
  useRegistrants,
  type RegistrantFilters,
} from './api/registrants';
import { MessageRegistrants } from './components/message-registrants';

const STATUSES: ReadonlyArray<{ value: RegistrationListQuery['status']; label: string }> = [
  { value: 'all', label: 'Everyone' },
  { value: 'confirmed', label: 'Registered' },
  { value: 'waitlisted', label: 'Waitlist' },
  { value: 'checked_in', label: 'Checked in' },
  { value: 'no_show', label: 'No-shows' },
  { value: 'cancelled', label: 'Cancelled' },
];

function filtersFrom(params: URLSearchParams): RegistrantFilters {
  const status = params.get('status');
  return {
    q: searchFrom(params.get('q')),
    status: STATUSES.some((s) => s.value === status) ? (status as RegistrantFilters['status']) : 'all',
    page: pageFrom(params),
  };
}

function StatusBadge({ person }: { person: Registrant }) {
  if (person.checkedInAt) return <Badge tone="success">Checked in</Badge>;
  if (person.status === 'waitlisted') return <Badge tone="info">Waitlist #{person.waitlistPlace}</Badge>;
  if (person.status === 'cancelled') return <Badge tone="neutral">Cancelled</Badge>;
  return <Badge tone="accent">Registered</Badge>;
}

function PaidToggle({ eventId, person }: { eventId: string; person: Registrant }) {
  const mark = useMarkPaid(eventId);
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={mark.isPending}
      loadingText="Saving..."
      aria-label={`${person.paid ? 'Mark unpaid' : 'Mark paid'}: ${person.name}`}
      onClick={() =>
        mark.mutate(
          { registrationId: person.id, paid: !person.paid },
          {
            onSuccess: () => toast.success(person.paid ? 'Marked unpaid.' : 'Marked paid.'),
            onError: (error) =>
              toast.error(error instanceof ApiError ? error.message : 'The fee could not be marked.'),
          },
        )
      }
    >
      {person.paid ? 'Mark unpaid' : 'Mark paid'}
    </Button>
  );
}

function Row({
  eventId,
  person,
  fees,
  timeZone,
}: {
  eventId: string;
  person: Registrant;
  fees: boolean;
  timeZone?: string;
}) {
  return (
    <li className="flex flex-col gap-2 border-b border-line-soft py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-ink">{person.name}</p>
        <p className="text-sm break-words text-ink-muted">
          {[person.studentId, person.email].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm text-ink-muted">
          Registered {formatDateTime(person.registeredAt, timeZone)}
          {person.walkIn && ' · walk-in'}
          {person.checkedInAt &&
            ` · checked in ${formatDateTime(person.checkedInAt, timeZone)}${person.checkedInBy ? ` by ${person.checkedInBy}` : ''}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge person={person} />
        {fees && person.status === 'confirmed' && (
          <>
            <Badge tone={person.paid ? 'success' : 'warning'}>{person.paid ? 'Paid' : 'Unpaid'}</Badge>
            <PaidToggle eventId={eventId} person={person} />
          </>
        )}
      </div>
    </li>
  );
}

function RegistrantList({ eventId, fees }: { eventId: string; fees: boolean }) {
  const { filters, update } = useUrlFilters(filtersFrom);
  const list = useRegistrants(eventId, filters);
  const config = usePublicConfig();
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const counts = list.data?.counts;
  return (
    <Card className="flex flex-col gap-4">
      {counts && (
        <p className="text-sm text-ink" role="status">
          {counts.confirmed} registered · {counts.waitlisted} waiting · {counts.checkedIn} checked in
          {counts.noShows > 0 && ` · ${counts.noShows} no-shows`} · {counts.cancelled} cancelled
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div role="search" aria-label="Search registrants">
          <SearchField
            label="Search registrants"
            placeholder="Name, student ID or e-mail"
            value={filters.q}
            onSearch={onSearch}
          />
        </div>
        <SelectField
          label="Show"
          value={filters.status}
          options={STATUSES}
          onChange={(e) => update({ status: e.target.value as RegistrantFilters['status'] })}
        />
      </div>
      <div className="flex justify-end">
        <ExportLink href={registrantsExportHref(eventId, filters)} />
      </div>
      {list.isPending ? (
        <Spinner label="Loading registrants..." visibleLabel className="py-6" />
      ) : list.isError ? (
        <ErrorState
          message={
            list.error instanceof ApiError && list.error.status < 500
              ? list.error.message
              : 'The registrants could not be loaded. Please try again.'
          }
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={
            filters.q || filters.status !== 'all' ? 'Nobody matches.' : 'Nobody has registered yet.'
          }
        />
      ) : (
        <>
          <ul aria-label="Registrants" aria-busy={list.isPlaceholderData || undefined}>
            {list.data.items.map((person) => (
              <Row
                key={person.id}
                eventId={eventId}
                person={person}
                fees={fees}
                timeZone={config.data?.timeZone}
              />
            ))}
          </ul>
          <Pager
            label="Registrant pages"
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => update({ page })}
          />
        </>
      )}
    </Card>
  );
}

/** /events/{id}/registrations: the event's registrants for its organisers and the officials. */
export function RegistrantsPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  return (
    <div className="mx-auto w-full max-w-4xl">
      <BackLink to={paths.event(id)}>Back to the event</BackLink>
      {event.isPending ? (
        <Spinner label="Loading event..." visibleLabel size="lg" className="py-10" />
      ) : event.isError || !event.data.canManage ? (
        <EmptyState
          title={
            event.isError
              ? 'Event not found.'
              : "Only the event's organisers and the council's officials can see its registrants."
          }
        />
      ) : (
        <>
          <PageHeader
            title={`Registrations: ${event.data.title}`}
            actions={
              <div className="flex flex-wrap gap-2">
                <MessageRegistrants eventId={id} />
                <Link to={paths.eventCheckIn(id)} className={buttonClasses({ variant: 'secondary' })}>
                  Check in at the door
                </Link>
              </div>
            }
          />
          <RegistrantList eventId={id} fees={Boolean(event.data.registration.fees)} />
        </>
      )}
    </div>
  );
}
