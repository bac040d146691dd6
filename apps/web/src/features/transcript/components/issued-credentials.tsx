import { REVOCATION_REASON_LABELS, type IssuedCredentialSummary } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { useMyCredentials } from '../api/get-my-credentials';

function CredentialRow({ item, timeZone }: { item: IssuedCredentialSummary; timeZone?: string }) {
  const revoked = item.status === 'revoked';
  return (
    <li className="flex min-w-0 flex-col gap-1 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words text-ink">{item.title}</p>
        <p className="text-ink-muted">Downloaded {formatDateTime(item.issuedAt, timeZone)}</p>
        <p className="font-mono text-xs break-all text-ink-muted">urn:uuid:{item.id}</p>
        {revoked && item.reason && (
          <p className="text-danger-700">
            Revoked {formatDateTime(item.revokedAt, timeZone)}: {REVOCATION_REASON_LABELS[item.reason]}
          </p>
        )}
      </div>
      <Badge tone={revoked ? 'danger' : 'success'}>{revoked ? 'Revoked' : 'Valid'}</Badge>
    </li>
  );
}

/** Every credential the student downloaded, and which of them the institute revoked since. */
export function IssuedCredentials({ timeZone }: { timeZone?: string }) {
  const credentials = useMyCredentials();
  return (
    // A part of the Credentials section, not a region of its own.
    <div className="flex min-w-0 flex-col gap-3">
      <h3 id="issued-credentials-heading" className="text-lg font-semibold text-ink">
        Credentials you downloaded
      </h3>
      {credentials.isPending ? (
        <Spinner label="Loading your credentials" />
      ) : credentials.isError ? (
        <ErrorState
          message="Your credentials could not be loaded."
          onRetry={() => void credentials.refetch()}
        />
      ) : credentials.data.items.length === 0 ? (
        <p className="text-sm text-ink-muted">
          None yet. Each download is a credential of its own; it is listed here with whether it still
          stands.
        </p>
      ) : (
        <ul
          aria-label="Credentials you downloaded"
          className="divide-y divide-line-soft rounded-card border border-line-soft bg-surface"
        >
          {credentials.data.items.map((item) => (
            <CredentialRow key={item.id} item={item} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}
