import { useMutation } from '@tanstack/react-query';
import {
  BulkReviewResultSchema,
  ENDORSEMENT_DECISION_MESSAGES,
  type BulkReviewResult,
} from '@cosa/contracts';
import { api } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/api-paths';
import { toast } from '../../../lib/toast';
import { useSettleReview } from './pending-reviews-cache';
import { useOfferUndo, type UndoableKind } from './undo-review';

/**
 * POST /api/endorsements/{kind}/bulk-{endorse|verify} with the selected ids (and, for achievements,
 * the version of each shown); the server answers each.
 */
function approveMany(
  kind: UndoableKind,
  ids: string[],
  versions: Record<string, number>,
): Promise<BulkReviewResult> {
  const body = Object.keys(versions).length ? { ids, versions } : { ids };
  return api.post(apiPaths.bulkApprove(kind), body, { schema: BulkReviewResultSchema });
}

/**
 * "Endorse selected": the decided items leave the list with one toast offering Undo for all of
 * them; each refused item's reason is told with the item's name (`nameOf`).
 */
export function useApproveMany(
  kind: UndoableKind,
  nameOf: (id: string) => string,
  versionOf: (id: string) => number | undefined,
) {
  const settle = useSettleReview(kind);
  const offerUndo = useOfferUndo(kind);
  return useMutation({
    mutationFn: (ids: string[]) => {
      const versions: Record<string, number> = {};
      for (const id of ids) {
        const version = versionOf(id);
        if (version !== undefined) versions[id] = version;
      }
      return approveMany(kind, ids, versions);
    },
    onSuccess: ({ results }) => {
      const decided = results.filter((result) => result.outcome).map((result) => result.id);
      if (decided.length)
        offerUndo(
          ENDORSEMENT_DECISION_MESSAGES.bulkDone(
            decided.length,
            kind === 'achievements' ? 'verified' : 'endorsed',
          ),
          decided,
        );
      for (const result of results)
        if (result.refused) toast.error(`${nameOf(result.id)}: ${result.refused.message}`);
      // A refused item was decided elsewhere or is not this official's: the list is fetched again.
      void settle(decided);
    },
    onError: () => toast.error(ENDORSEMENT_DECISION_MESSAGES.bulkFailed),
  });
}
