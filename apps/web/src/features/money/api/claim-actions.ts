import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClaimResponseSchema,
  type Claim,
  type ClaimDecision,
  type ClaimPayment,
  type ClaimWithdrawal,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi } from '../money-paths';
import { moneyKey } from './budgets';
import { claimKey } from './claims';

/**
 * A step on one claim: its answer becomes the claim shown, and the lists and budgets load again
 * whatever the answer (a refusal may be news too: someone decided first).
 */
function useClaimStep<Variables>(call: (variables: Variables) => Promise<{ claim: Claim }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => (await call(variables)).claim,
    onSuccess: (claim) => client.setQueryData(claimKey(claim.id), claim),
    onSettled: () => client.invalidateQueries({ queryKey: moneyKey }),
  });
}

/** POST /api/money/claims/{id}/submission: the filer sends the claim for approval. */
export const useSubmitClaim = () =>
  useClaimStep(({ id, version }: { id: string; version: string }) =>
    api.post(moneyApi.submission(id), { version }, { schema: ClaimResponseSchema }),
  );

/** POST /api/money/claims/{id}/decision: approve (in full or in part), send back, or reject. */
export const useDecideClaim = () =>
  useClaimStep(({ id, body }: { id: string; body: ClaimDecision }) =>
    api.post(moneyApi.decision(id), body, { schema: ClaimResponseSchema }),
  );

/** POST /api/money/claims/{id}/payment: the accounts office records the payment's reference. */
export const usePayClaim = () =>
  useClaimStep(({ id, body }: { id: string; body: ClaimPayment }) =>
    api.post(moneyApi.payment(id), body, { schema: ClaimResponseSchema }),
  );

/** POST /api/money/claims/{id}/withdrawal: the accounts office withdraws the approval of a claim it will not pay. */
export const useWithdrawClaim = () =>
  useClaimStep(({ id, body }: { id: string; body: ClaimWithdrawal }) =>
    api.post(moneyApi.withdrawal(id), body, { schema: ClaimResponseSchema }),
  );

/** DELETE /api/money/claims/{id}/receipts/{receiptId}: a receipt taken off a claim still being written. */
export const useRemoveReceipt = () =>
  useClaimStep(({ id, receiptId }: { id: string; receiptId: string }) =>
    api.delete(moneyApi.receipt(id, receiptId), { schema: ClaimResponseSchema }),
  );

/** DELETE /api/money/claims/{id}: a draft deleted. */
export function useDeleteClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(moneyApi.claim(id)),
    onSuccess: (_, id) => client.removeQueries({ queryKey: claimKey(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: moneyKey }),
  });
}
