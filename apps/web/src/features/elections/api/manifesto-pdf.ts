import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidateResponseSchema, MANIFESTO_PDF_FIELD } from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { electionApi } from '../election-paths';
import { electionsKey } from './get-elections';

/** PUT /api/elections/nominations/{id}/manifesto-pdf: the nominee attaches a PDF, or replaces theirs. */
export function attachManifestoPdf(nominationId: string, file: File) {
  const form = new FormData();
  form.append(MANIFESTO_PDF_FIELD, file);
  return api.put(electionApi.manifestoPdf(nominationId), form, { schema: CandidateResponseSchema });
}

/** Attaching a PDF; the election's page loads again after. */
export function useAttachManifestoPdf() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => attachManifestoPdf(id, file),
    onSettled: () => client.invalidateQueries({ queryKey: electionsKey }),
  });
}

/** DELETE /api/elections/nominations/{id}/manifesto-pdf: the nominee removes their PDF. */
export function useRemoveManifestoPdf() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(electionApi.manifestoPdf(id), { schema: CandidateResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: electionsKey }),
  });
}
