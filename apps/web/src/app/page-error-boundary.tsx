import { Component, type ReactNode } from 'react';
import { ErrorState } from '../components/ui/error-state';
import { isChunkFailure } from '../lib/chunk-failure';

const PAGE_FAILED = 'This page could not be shown. Reload to try again.';
const PAGE_UNAVAILABLE =
  'This page could not be loaded: the portal may have been updated, or the connection is down. Reload to try again.';

type State = { error: Error | null };

/**
 * Keeps a page's failure on that page: it shows what happened and a way out (Retry reloads the
 * portal) instead of an empty window; the site header and footer stay. Remounted per route.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="mx-auto max-w-lg py-12">
        <ErrorState
          message={isChunkFailure(error) ? PAGE_UNAVAILABLE : PAGE_FAILED}
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  }
}
