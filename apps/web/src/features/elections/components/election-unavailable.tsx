import type { ReactElement } from 'react';
import { ELECTION_MESSAGES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import type { useElection } from '../api/get-election';

/**
 * What an election's pages show until they have the election: loading, 'Election not found.', or
 * the failure with a retry; null once the election is there.
 */
export function electionUnavailable(election: ReturnType<typeof useElection>): ReactElement | null {
  if (election.isPending)
    return <Spinner label="Loading election..." visibleLabel size="lg" className="py-10" />;
  if (!election.isError) return null;
  if (election.error instanceof ApiError && election.error.status === 404)
    return <EmptyState title={ELECTION_MESSAGES.notFound} />;
  return (
    <ErrorState
      message="The election could not be loaded. Check your connection and try again."
      onRetry={() => void election.refetch()}
      retrying={election.isFetching}
    />
  );
}
