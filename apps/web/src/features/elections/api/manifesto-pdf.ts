import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CandidateResponseSchema, MANIFESTO_PDF_FIELD } from '@cosa/contracts';
import { api, ApiError } from '../../../lib/api-client';
import { electionApi } from '../election-paths';
import { electionsKey } from './get-elections';

/**
 * Nominations filed whose PDF was not attached, with why, until one is: the nominee's card says so
 * for as long as the portal is open, not only in a passing message.
 */
const notAttached = new Map<string, string>();

/** Keeps why the nomination's PDF was not attached. */
export const rememberPdfNotAttached = (nominationId: string, why: string) =>
  notAttached.set(nominationId, why);

/** Why the nomination's PDF was not attached, when it was not and none has been since. */
export const pdfNotAttachedOf = (nominationId: string) => notAttached.get(nominationId) ?? null;

/** The nomination stands, but its PDF was refused or lost on the way: why, and what to do. */
export const pdfNotAttached = (error: unknown) =>
  `Your nomination is filed, but its manifesto PDF was not attached: ${
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? error.message
      : 'the file could not be sent.'
  } Attach it again on your nomination below.`;

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
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const attached = await attachManifestoPdf(id, file);
      notAttached.delete(id);
      return attached;
    },
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
