import { useEffect, useRef, useState } from 'react';
import { FEEDBACK_DESK_MESSAGES, type FeedbackItem } from '@cosa/contracts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Pager } from '../../components/ui/pager';
import { Spinner } from '../../components/ui/spinner';
import { usePublicConfig } from '../../lib/public-config';
import { feedbackExportHref, useFeedbackList } from './api/get-feedback-list';
import { FeedbackCard } from './components/feedback-card';
import { FeedbackFiltersBar, FeedbackTotals } from './components/feedback-filters';
import { ResolveDialog } from './components/resolve-dialog';
import { useFeedbackFilters } from './use-feedback-filters';
import { ExportLink } from '../../components/ui/export-link';

/**
 * /viewfeedback: the feedback this user may see (a student their own, officials what they
 * oversee), filtered and paged on the server, and marked as resolved by those who may.
 */
export function ViewFeedbackPage() {
  const { filters, update } = useFeedbackFilters();
  const feedback = useFeedbackList(filters);
  const { data: config } = usePublicConfig();
  // The dialog lives beside the list, not in a card, so a refreshed list never closes it mid-answer.
  const [resolving, setResolving] = useState<{ item: FeedbackItem | null; open: boolean }>({
    item: null,
    open: false,
  });
  const opener = useRef<{ button: HTMLElement; card: HTMLElement | null } | null>(null);
  const list = feedback.data;

  const startResolving = (item: FeedbackItem, button: HTMLElement) => {
    opener.current = { button, card: button.closest('article') };
    setResolving({ item, open: true });
  };
  // The dialog opens without a trigger of its own, so focus goes back by hand: to the button,
  // or to its card once the feedback is resolved and the button gone.
  useEffect(() => {
    if (resolving.open || !opener.current) return;
    const { button, card } = opener.current;
    opener.current = null;
    if (button.isConnected) button.focus();
    else if (card?.isConnected) card.focus();
  }, [resolving.open]);

  let body;
  if (feedback.isError)
    body = (
      <ErrorState
        message={FEEDBACK_DESK_MESSAGES.loadFailed}
        onRetry={() => void feedback.refetch()}
        retrying={feedback.isFetching}
      />
    );
  else if (!list)
    body = <Spinner label="Loading feedback..." visibleLabel size="lg" className="py-10" />;
  else if (list.items.length === 0)
    body = (
      <EmptyState title={filters.id ? FEEDBACK_DESK_MESSAGES.notFound : FEEDBACK_DESK_MESSAGES.empty} />
    );
  else
    body = (
      <>
        <ul
          className="mb-4 grid gap-4 xl:grid-cols-2"
          aria-busy={feedback.isPlaceholderData || undefined}
        >
          {list.items.map((item) => (
            <li key={item.id} className="min-w-0">
              <FeedbackCard feedback={item} timeZone={config?.timeZone} onResolve={startResolving} />
            </li>
          ))}
        </ul>
        <Pager
          label="Feedback pages"
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          onPage={(page) => update({ page })}
        />
      </>
    );

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title={FEEDBACK_DESK_MESSAGES.heading}
        actions={<ExportLink href={feedbackExportHref(filters)} />}
      />
      {list && !feedback.isError && <FeedbackTotals counts={list.counts} />}
      <FeedbackFiltersBar
        filters={filters}
        counts={feedback.isError ? undefined : list?.counts}
        // A filter chosen while one feedback is shown applies to the whole list again.
        update={(patch) => update({ id: '', ...patch })}
      />
      {filters.id && (
        <Alert className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{FEEDBACK_DESK_MESSAGES.showingOne}</span>
          <Button variant="ghost" size="sm" onClick={() => update({ id: '' })}>
            {FEEDBACK_DESK_MESSAGES.showAll}
          </Button>
        </Alert>
      )}
      {body}
      <ResolveDialog
        feedback={resolving.item}
        open={resolving.open}
        onOpenChange={(open) => setResolving((current) => ({ ...current, open }))}
      />
    </div>
  );
}
