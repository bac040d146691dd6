import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ResolvedFeedbackResponseSchema,
  type FeedbackList,
  type ResolveFeedbackRequest,
} from '@cosa/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { useRefreshCouncilSummary } from '../../../lib/council-summary';
import { apiPaths } from '../../../lib/api-paths';
import { feedbackListKey } from './get-feedback-list';

type ResolveVariables = { id: string; body: ResolveFeedbackRequest };

/** POST /api/feedback/{id}/resolution: the resolver is whoever is signed in, so the body names only the actions taken. */
function resolveFeedback({ id, body }: ResolveVariables) {
  return api.post(apiPaths.feedbackResolution(id), body, { schema: ResolvedFeedbackResponseSchema });
}

/** Statuses after which the list on screen is out of date: resolved elsewhere (409) or gone (404). */
const STALE_LIST_STATUSES = new Set([404, 409]);

export function useResolveFeedback() {
  const client = useQueryClient();
  // The officials' dashboards count the unresolved feedback.
  const refreshSummary = useRefreshCouncilSummary();
  const refreshLists = () =>
    Promise.all([client.invalidateQueries({ queryKey: feedbackListKey }), refreshSummary()]);
  return useMutation({
    mutationFn: resolveFeedback,
    onSuccess: ({ feedback }) => {
      // The card shows the resolution at once; the refetch then brings the counts and the filtered pages.
      client.setQueriesData<FeedbackList>({ queryKey: feedbackListKey }, (list) =>
        list
          ? { ...list, items: list.items.map((item) => (item.id === feedback.id ? feedback : item)) }
          : list,
      );
      void refreshLists();
    },
    onError: (error) => {
      if (error instanceof ApiError && STALE_LIST_STATUSES.has(error.status)) void refreshLists();
    },
  });
}
