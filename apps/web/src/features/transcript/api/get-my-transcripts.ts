import { queryOptions, useQuery } from '@tanstack/react-query';
import { TranscriptListSchema, type TranscriptList } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { ownRecordKey } from '../../../lib/own-record';
import { apiPaths } from '../../../lib/api-paths';

export const myTranscriptsKey = ownRecordKey('transcripts');

/** GET /api/me/transcripts: the transcripts the student issued, newest first. */
function getMyTranscripts(signal: AbortSignal): Promise<TranscriptList> {
  return api.get(apiPaths.myTranscripts, { schema: TranscriptListSchema, signal });
}

const myTranscriptsQueryOptions = queryOptions({
  queryKey: myTranscriptsKey,
  queryFn: ({ signal }) => getMyTranscripts(signal),
});

export const useMyTranscripts = () => useQuery(myTranscriptsQueryOptions);
