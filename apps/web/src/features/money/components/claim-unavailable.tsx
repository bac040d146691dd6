import type { ReactElement } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CLAIM_MESSAGES } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';

/**
 * What a claim's pages show until they have what they read: loading, 'This claim does not exist or
 * is not yours to see.', or the failure with a retry; null once it is there.
 */
export function claimUnavailable(query: UseQueryResult<unknown>, what = 'claim'): ReactElement | null {
  if (query.isPending)
    return <Spinner label={`Loading ${what}...`} visibleLabel size="lg" className="py-10" />;
  if (!query.isError) return null;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403))
    return <EmptyState title={CLAIM_MESSAGES.notVisible} />;
  return (
    <ErrorState
      message={`The ${what} could not be loaded. Check your connection and try again.`}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
