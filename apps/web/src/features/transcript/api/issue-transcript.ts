import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TranscriptIssuedSchema,
  type IssueTranscriptRequest,
  type TranscriptList,
  type TranscriptSummary,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { myTranscriptsKey } from './get-my-transcripts';
import { transcriptRecordsKey } from './get-transcript-records';

/** POST /api/me/transcripts: freezes the chosen verified records into a transcript with a public verification address. */
async function issueTranscript(body: IssueTranscriptRequest): Promise<TranscriptSummary> {
  const { transcript } = await api.post(apiPaths.myTranscripts, body, {
    schema: TranscriptIssuedSchema,
  });
  return transcript;
}

export function useIssueTranscript() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueTranscript,
    onSuccess: (transcript) => {
      // The new transcript shows at the top at once; the list is then read again from the server.
      client.setQueryData<TranscriptList>(myTranscriptsKey, (list) =>
        list ? { items: [transcript, ...list.items.filter((item) => item.id !== transcript.id)] } : list,
      );
      void client.invalidateQueries({ queryKey: myTranscriptsKey });
    },
    // A refusal means the records changed under the student (one was declined or removed): read them again.
    onError: () => void client.invalidateQueries({ queryKey: transcriptRecordsKey }),
  });
}
