import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmittedFeedbackSchema, type SubmitFeedbackRequest } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { useRefreshOwnRecord } from '../../../lib/own-record';
import { feedbackListKey } from './get-feedback-list';

/** POST /api/feedback: the author is whoever is signed in, so the body never names one. */
function submitFeedback(body: SubmitFeedbackRequest) {
  return api.post(apiPaths.feedback, body, { schema: SubmittedFeedbackSchema });
}

export function useSubmitFeedback() {
  const client = useQueryClient();
  // The home dashboard counts the feedback given, and the feedback list shows it.
  const refreshOwnRecord = useRefreshOwnRecord();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () =>
      Promise.all([refreshOwnRecord(), client.invalidateQueries({ queryKey: feedbackListKey })]),
  });
}
