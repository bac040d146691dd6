import { useState } from 'react';
import type { Registrant } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatTime } from '../../../lib/format';
import { useCheckInSearch } from '../api/check-ins';

function standing(registrant: Registrant) {
  if (registrant.checkedInAt)
    return <Badge tone="success">Checked in at {formatTime(registrant.checkedInAt)}</Badge>;
  if (registrant.status === 'waitlisted') return <Badge tone="warning">Waitlisted</Badge>;
  if (registrant.status === 'cancelled') return <Badge tone="danger">Cancelled</Badge>;
  return <Badge tone="neutral">Not checked in</Badge>;
}

/** The fallback when a ticket will not scan: find a registrant by name or student ID, check them in. */
export function CheckInSearch({
  eventId,
  onCheckIn,
}: {
  eventId: string;
  onCheckIn: (registrant: Registrant) => void;
}) {
  const [q, setQ] = useState('');
  const search = useCheckInSearch(eventId, q);
  return (
    <div className="flex flex-col gap-3">
      <SearchField label="Find by name or student ID" value={q} onSearch={setQ} />
      {q.trim() === '' ? null : search.isPending ? (
        <Spinner label="Searching..." visibleLabel />
      ) : search.isError ? (
        <ErrorState
          message={search.error.message}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      ) : search.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">No registrant matches “{q.trim()}”.</p>
      ) : (
        <ul
          aria-label="Registrants found"
          className="divide-y divide-line-soft rounded-lg border border-line-soft"
        >
          {search.data.items.map((registrant) => {
            const ready = registrant.status === 'confirmed' && !registrant.checkedInAt;
            return (
              <li key={registrant.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
                <span className="min-w-0 flex-1 break-words">
                  <span className="block font-medium text-ink">{registrant.name}</span>
                  <span className="block text-sm text-ink-muted">{registrant.studentId ?? '—'}</span>
                </span>
                {standing(registrant)}
                {ready && (
                  <Button
                    size="sm"
                    onClick={() => onCheckIn(registrant)}
                    aria-label={`Check in ${registrant.name}`}
                  >
                    Check in
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
