import { queryOptions, useQuery } from '@tanstack/react-query';
import { TranscriptRecordsSchema, type TranscriptRecords } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { ownRecordKey } from '../../../lib/own-record';
import { apiPaths } from '../../../lib/api-paths';

/** Under the own-record key: verifying or adding a record elsewhere refreshes what may be chosen here. */
export const transcriptRecordsKey = ownRecordKey('transcript-records');

/** GET /api/me/transcript-records: the student's verified records, and how many still wait for an official. */
function getTranscriptRecords(signal: AbortSignal): Promise<TranscriptRecords> {
  return api.get(apiPaths.transcriptRecords, { schema: TranscriptRecordsSchema, signal });
}

const transcriptRecordsQueryOptions = queryOptions({
  queryKey: transcriptRecordsKey,
  queryFn: ({ signal }) => getTranscriptRecords(signal),
});

export const useTranscriptRecords = () => useQuery(transcriptRecordsQueryOptions);
