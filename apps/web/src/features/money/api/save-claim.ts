import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClaimResponseSchema,
  RECEIPT_FIELD,
  type Claim,
  type ClaimChange,
  type ClaimInput,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { moneyApi } from '../money-paths';
import { moneyKey } from './budgets';
import { claimKey } from './claims';

/** A receipt chosen in the form and not sent yet. */
export type QueuedReceipt = { key: string; file: File };

/** Which step of saving a claim failed: the claim itself, one receipt, or the submission. */
export class ClaimSaveError extends Error {
  override readonly name = 'ClaimSaveError';
  constructor(
    readonly stage: 'save' | 'receipt' | 'submit',
    readonly failure: unknown,
    readonly fileName?: string,
  ) {
    super(stage);
  }
}

type SaveClaim = {
  /** The claim as last read (its version goes with the change), or null for a new one. */
  claim: Claim | null;
  input: ClaimInput;
  receipts: readonly QueuedReceipt[];
  submit: boolean;
  /** Each step that took: the claim as the server now holds it, and the receipt just attached. */
  onProgress: (claim: Claim, attached?: QueuedReceipt) => void;
};

/** POST /api/money/claims/{id}/receipts: one receipt file attached to a claim. */
const attachReceipt = (claimId: string, file: File) => {
  const form = new FormData();
  form.append(RECEIPT_FIELD, file);
  return api.post(moneyApi.receipts(claimId), form, { schema: ClaimResponseSchema });
};

async function step<T>(stage: ClaimSaveError['stage'], run: () => Promise<T>, fileName?: string) {
  try {
    return await run();
  } catch (error) {
    throw new ClaimSaveError(stage, error, fileName);
  }
}

/**
 * Saves a claim the way the server takes it: the draft made (POST) or changed (PUT with its
 * version), each receipt chosen attached in turn, then, when asked, the submission with the
 * claim's latest version. Each step that took is reported, so a failure part way leaves the form
 * holding the draft and the receipts still to send.
 */
export function useSaveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ claim, input, receipts, submit, onProgress }: SaveClaim) => {
      let current = await step('save', async () =>
        claim
          ? (
              await api.put(
                moneyApi.claim(claim.id),
                { ...input, version: claim.version } satisfies ClaimChange,
                { schema: ClaimResponseSchema },
              )
            ).claim
          : (await api.post(moneyApi.claims, input, { schema: ClaimResponseSchema })).claim,
      );
      onProgress(current);
      for (const receipt of receipts) {
        current = await step(
          'receipt',
          async () => (await attachReceipt(current.id, receipt.file)).claim,
          receipt.file.name,
        );
        onProgress(current, receipt);
      }
      if (submit) {
        const id = current.id;
        const version = current.version;
        current = await step(
          'submit',
          async () =>
            (await api.post(moneyApi.submission(id), { version }, { schema: ClaimResponseSchema }))
              .claim,
        );
        onProgress(current);
      }
      return current;
    },
    onSettled: (claim) => {
      if (claim) client.setQueryData(claimKey(claim.id), claim);
      void client.invalidateQueries({ queryKey: moneyKey });
    },
  });
}
