import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CandidateResponseSchema,
  type NominationDecisionSchema,
  type NominationInput,
} from '@cosa/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { electionsKey } from './get-elections';
import { electionApi } from '../election-paths';
import { attachManifestoPdf, pdfNotAttached, rememberPdfNotAttached } from './manifesto-pdf';

type NominationDecision = z.input<typeof NominationDecisionSchema>;

/** After any change to an election: its page, the lists and the results load again. */
function useRefreshElections() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: electionsKey });
}

/**
 * POST /api/elections/{id}/posts/{postId}/nominations: the signed-in person stands for the post;
 * then their manifesto PDF, when they chose one, is attached. The nomination stands even when the
 * PDF is refused: `pdfFailure` says why, and the nominee can attach it again from the page.
 */
export function useNominate(electionId: string, postId: string) {
  const refresh = useRefreshElections();
  return useMutation({
    mutationFn: async ({ body, pdf }: { body: NominationInput; pdf: File | null }) => {
      const { candidate } = await api.post(electionApi.nominations(electionId, postId), body, {
        schema: CandidateResponseSchema,
      });
      if (!pdf) return { candidate, pdfFailure: null };
      try {
        return { candidate: (await attachManifestoPdf(candidate.id, pdf)).candidate, pdfFailure: null };
      } catch (error) {
        rememberPdfNotAttached(candidate.id, pdfNotAttached(error));
        return { candidate, pdfFailure: error };
      }
    },
    onSuccess: () => refresh(),
  });
}

/** POST /api/elections/nominations/{id}/decision: a manager accepts a nomination, or rejects it with a reason. */
export function useDecideNomination() {
  const refresh = useRefreshElections();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: NominationDecision }) =>
      api.post(electionApi.decision(id), decision),
    // A refusal may be news too (the nominee changed the PDF, or someone decided first): the page is read again.
    onSettled: () => refresh(),
  });
}

/** POST /api/elections/nominations/{id}/withdrawal: the candidate stands down, before voting opens. */
export function useWithdrawNomination() {
  const refresh = useRefreshElections();
  return useMutation({
    mutationFn: (id: string) => api.post(electionApi.withdrawal(id)),
    onSuccess: () => refresh(),
  });
}

/** POST /api/elections/{id}/certification: the count becomes the result; the winners hold their positions. */
export function useCertifyElection(id: string) {
  const refresh = useRefreshElections();
  return useMutation({
    mutationFn: () => api.post(electionApi.certification(id)),
    onSuccess: () => refresh(),
  });
}
