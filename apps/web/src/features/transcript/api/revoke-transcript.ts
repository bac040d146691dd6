import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TranscriptIssuedSchema, type TranscriptList, type TranscriptSummary } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { myTranscriptsKey } from './get-my-transcripts';

/** POST /api/me/transcripts/{id}/revocation: the verification page says 'Revoked' from now on; 409 when it already was. */
async function revokeTranscript(id: string): Promise<TranscriptSummary> {
  const { transcript } = await api.post(apiPaths.transcriptRevocation(id), undefined, {
    schema: TranscriptIssuedSchema,
  });
  return transcript;
}

export function useRevokeTranscript() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeTranscript,
    onSuccess: (transcript) =>
      client.setQueryData<TranscriptList>(myTranscriptsKey, (list) =>
        list
          ? { items: list.items.map((item) => (item.id === transcript.id ? transcript : item)) }
          : list,
      ),
    // Revoked already (409) or not: the list is read again, so it shows what the server holds.
    onSettled: () => void client.invalidateQueries({ queryKey: myTranscriptsKey }),
  });
}
