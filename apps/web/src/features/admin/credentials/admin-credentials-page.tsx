import { REVOCATION_REASON_LABELS, type AdminCredential } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { searchFrom, useUrlFilters } from '../../../lib/use-url-filters';
import { useAdminCredentials } from './api/admin-credentials';
import { RevokeCredentialDialog } from './components/revoke-credential-dialog';
import { RevokePastedCredential } from './components/revoke-pasted-credential';

const filtersFrom = (params: URLSearchParams) => ({ q: searchFrom(params.get('q')), page: 1 });

function CredentialCard({ item, timeZone }: { item: AdminCredential; timeZone?: string }) {
  const revoked = item.status === 'revoked';
  return (
    <Card aria-label={item.title} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-semibold break-words text-ink">{item.title}</p>
          <p className="break-words text-ink-muted">
            {item.holder
              ? `${item.holder.name}${item.holder.studentId ? ` (student id ${item.holder.studentId})` : ''}`
              : 'Account removed'}
            {' · '}
            {item.kind === 'position' ? 'Position' : 'Achievement'} · issued{' '}
            {formatDateTime(item.issuedAt, timeZone)}
            {item.legacy && ' · signed before credentials carried a revocation status'}
          </p>
          <p className="font-mono text-xs break-all text-ink-muted">urn:uuid:{item.id}</p>
        </div>
        <Badge tone={revoked ? 'danger' : 'success'}>{revoked ? 'Revoked' : 'Valid'}</Badge>
      </div>
      {revoked && item.reason ? (
        <p className="text-sm break-words text-danger-700">
          Revoked {formatDateTime(item.revokedAt, timeZone)}
          {item.revokedBy ? ` by ${item.revokedBy}` : ' automatically'}:{' '}
          {REVOCATION_REASON_LABELS[item.reason]}
          {item.note ? ` — ${item.note}` : ''}
        </p>
      ) : (
        <div>
          <RevokeCredentialDialog credential={item} />
        </div>
      )}
    </Card>
  );
}

/** /admin/credentials: find an issued credential by its id or by student, and revoke it with a reason. */
export function AdminCredentialsPage() {
  const { filters, update } = useUrlFilters(filtersFrom);
  const credentials = useAdminCredentials(filters.q);
  const timeZone = usePublicConfig().data?.timeZone;
  let body;
  if (credentials.isPending)
    body = <Spinner label="Loading credentials..." visibleLabel className="py-6" />;
  else if (credentials.isError)
    body = (
      <ErrorState
        message="The credentials could not be loaded. Check your connection and try again."
        onRetry={() => void credentials.refetch()}
        retrying={credentials.isFetching}
      />
    );
  else if (credentials.data.items.length === 0)
    body = (
      <EmptyState
        title={filters.q ? 'No credential matches this search.' : 'No credential has been issued yet.'}
      />
    );
  else
    body = (
      <div className="flex min-w-0 flex-col gap-3">
        <p className="text-sm text-ink-muted" role="status">
          {credentials.data.total === 1
            ? '1 credential'
            : `${credentials.data.total.toLocaleString('en-IN')} credentials`}
          {credentials.data.total > credentials.data.items.length &&
            `, the newest ${credentials.data.items.length} shown`}
        </p>
        <ul className="flex min-w-0 flex-col gap-3">
          {credentials.data.items.map((item) => (
            <li key={item.id}>
              <CredentialCard item={item} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <title>Credentials · COSA Portal</title>
      <PageHeader
        title="Credentials"
        description="Every credential students downloaded, newest first. A credential is revoked by itself when the record behind it ends, is deleted or stops being verified; revoke one here when it should no longer stand. A credential downloaded before credentials carried a revocation status is on no list: it is judged by its record, and you revoke it by its file."
      />
      <div>
        <RevokePastedCredential onRevoked={(id) => update({ q: id })} />
      </div>
      <SearchField
        label="Find a credential"
        placeholder="Credential id, student id, name or e-mail"
        value={filters.q}
        onSearch={(q) => update({ q })}
      />
      {body}
    </div>
  );
}
