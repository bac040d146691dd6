import { useQuery } from '@tanstack/react-query';
import { TranscriptVerificationSchema, type TranscriptVerification } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';

/** GET /api/verify/transcripts/{id}: what was issued and whether it still stands; public, rate limited. */
function getTranscriptVerification(id: string, signal: AbortSignal): Promise<TranscriptVerification> {
  return api.get(apiPaths.transcriptVerification(id), { schema: TranscriptVerificationSchema, signal });
}

/** Idle when the address cannot be a transcript's (not a UUID): the page says so without asking. */
export function useTranscriptVerification(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['transcript-verification', id],
    queryFn: ({ signal }) => getTranscriptVerification(id, signal),
    enabled,
  });
}
