import {
  BUDGET_HEADING_LABELS,
  UNSPLIT_LINE_LABEL,
  type BudgetHeading,
  type ClaimStatus,
  type ClaimStepAction,
} from '@cosa/contracts';
import type { BadgeTone } from '../../components/ui/badge';
import { ApiError } from '../../lib/api-client';

/** A line's name: its heading, or 'General' for a line not split up. */
export const lineLabel = (heading: BudgetHeading | null): string =>
  heading ? BUDGET_HEADING_LABELS[heading] : UNSPLIT_LINE_LABEL;

/** The colour of each claim status's badge; the badge's words carry the meaning. */
export const STATUS_TONES: Record<ClaimStatus, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  returned: 'warning',
  secretary_approved: 'info',
  approved: 'accent',
  rejected: 'danger',
  paid: 'success',
  cancelled: 'neutral',
};

/** Each step of a claim's timeline in words (the contracts name the statuses, not the steps). */
export const STEP_LABELS: Record<ClaimStepAction, string> = {
  filed: 'Filed as a draft',
  submitted: 'Submitted',
  returned: 'Sent back for changes',
  secretary_approved: 'Approved by the general secretary',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Marked paid',
  cancelled: 'Approval withdrawn',
};

/** The server's words for a refusal people can act on (400 to 499), a general line otherwise. */
export const refusalOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

/** The share of a line spent or promised, 0 to 100, for its bar. */
export function usedShare({ allocated, available }: { allocated: number; available: number }): number {
  if (allocated <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((allocated - available) / allocated) * 100)));
}
