import { useState } from 'react';
import { RECORD_ACCESS_LABELS, ROLE_LABELS } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useRecordAccess } from '../api/record-access';

/** Who opened my record or personal details, when, and from which page: the access log, newest first. */
export function RecordAccessCard() {
  const [page, setPage] = useState(1);
  const log = useRecordAccess(page);
  let body;
  if (log.isError)
    body = (
      <ErrorState
        message="The list could not be loaded. Check your connection and try again."
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  else if (!log.data) body = <Spinner label="Loading who opened your record..." visibleLabel />;
  else if (log.data.total === 0)
    body = <p className="text-sm text-ink-muted">No official has opened your record yet.</p>;
  else
    body = (
      <>
        <ul className="divide-y divide-line-soft" aria-label="Who opened your record">
          {log.data.items.map((entry) => (
            <li key={entry.id} className="grid min-w-0 gap-0.5 py-2 text-sm">
              <p className="font-medium text-ink">
                {entry.viewer
                  ? `${entry.viewer.name} (${ROLE_LABELS[entry.viewer.role]})`
                  : 'An account that no longer exists'}
              </p>
              <p className="text-ink">{RECORD_ACCESS_LABELS[entry.kind]}</p>
              <p className="text-ink-muted [overflow-wrap:anywhere]">
                {formatDateTime(entry.at)} ·{' '}
                {entry.cameFrom ? `from ${entry.cameFrom}` : 'opened directly'}
              </p>
            </li>
          ))}
        </ul>
        <Pager
          page={log.data.page}
          pageSize={log.data.pageSize}
          total={log.data.total}
          onPage={setPage}
          label="Pages of who opened your record"
        />
      </>
    );
  return (
    <Card aria-labelledby="access-title" className="grid gap-3">
      <h2 id="access-title" className="text-lg font-semibold text-ink">
        Who opened your record
      </h2>
      <p className="text-sm text-ink-muted">
        Each time a council official, a club coordinator or the administrator opens your record or your
        personal details, it is listed here for a year.
      </p>
      {body}
    </Card>
  );
}
