import type { DataExport } from '@cosa/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { privacyPaths } from '../api/privacy-paths';
import { formatDateTime, sizeInWords } from '../../../lib/format';
import { useDataExports, useRequestDataExport } from '../api/data-exports';

function ExportLine({ item }: { item: DataExport }) {
  const asked = `Asked for ${formatDateTime(item.requestedAt)}`;
  switch (item.status) {
    case 'pending':
      return (
        <p className="flex items-center gap-2">
          <Spinner label="Being prepared" size="sm" />
          {asked}: being prepared. We will notify you when it is ready.
        </p>
      );
    case 'ready':
      return (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{asked}: ready.</span>
          <a className={textLinkClasses} href={privacyPaths.dataExportArchive(item.id)} download>
            Download (ZIP{item.byteSize !== null ? `, ${sizeInWords(item.byteSize)}` : ''})
          </a>
          {item.expiresAt && (
            <span className="text-ink-muted">until {formatDateTime(item.expiresAt)}</span>
          )}
        </p>
      );
    case 'failed':
      return <p>{asked}: it could not be prepared. Ask for a new copy.</p>;
    case 'expired':
      return <p className="text-ink-muted">{asked}: the download has expired.</p>;
  }
}

/** Download my data: ask for a copy, see it being prepared, download it within its 24 hours. */
export function DataExportCard() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const pending = exports.data?.items.some((item) => item.status === 'pending') ?? false;
  let list;
  if (exports.isError)
    list = (
      <ErrorState
        message="Your copies could not be loaded. Check your connection and try again."
        onRetry={() => void exports.refetch()}
        retrying={exports.isFetching}
      />
    );
  else if (!exports.data) list = <Spinner label="Loading your copies..." visibleLabel />;
  else if (exports.data.items.length > 0)
    list = (
      <ul className="grid gap-2 text-sm text-ink" aria-label="Your copies" aria-live="polite">
        {exports.data.items.map((item) => (
          <li key={item.id}>
            <ExportLine item={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <Card aria-labelledby="export-title" className="grid gap-3">
      <h2 id="export-title" className="text-lg font-semibold text-ink">
        Download your data
      </h2>
      <p className="text-sm text-ink-muted">
        A ZIP file with everything the portal keeps about you: your profile, skills, achievements and
        certificates, positions, the feedback you gave (anonymous feedback too), registrations,
        memberships, notifications, transcripts, your choices and who opened your record. It is prepared
        in the background; the link works for 24 hours, for you only.
      </p>
      {request.isError && (
        <Alert tone="error">
          {request.error instanceof ApiError && request.error.status < 500
            ? request.error.message
            : 'Your request could not be sent. Check your connection and try again.'}
        </Alert>
      )}
      <div>
        <Button
          onClick={() => request.mutate()}
          loading={request.isPending}
          disabled={pending}
          variant="secondary"
        >
          Ask for a copy of my data
        </Button>
      </div>
      {list}
    </Card>
  );
}
