import { z } from 'zod';
import { uuidInput } from './common';
import { ReviewOutcomeSchema } from './endorsements';

/** The most items one "Endorse selected" decides: a page of the panel's list holds at most this many. */
const MAX_BULK_REVIEW = 50;

/**
 * How long after a decision its reviewer may undo it (decision 0023). The toast offers Undo for
 * less than this, so an Undo clicked at the toast's last moment still reaches the server in time.
 */
export const UNDO_WINDOW_SECONDS = 30;
/** How long the toast after a decision offers Undo, in milliseconds. */
export const UNDO_TOAST_MS = 8000;

/** What the panel shows around "Endorse selected" and Undo. */
export const ENDORSEMENT_DECISION_MESSAGES = {
  endorseSelected: 'Endorse selected',
  verifySelected: 'Verify selected',
  endorsingSelected: 'Endorsing...',
  verifyingSelected: 'Verifying...',
  bulkDone: (done: number, verb: 'endorsed' | 'verified') => `${done} ${verb}.`,
  bulkFailed: 'The selected items could not be decided. Please try again.',
  undo: 'Undo',
  undone: 'Undone: the item is back on the list.',
  undoneMany: (count: number) => `Undone: ${count} items are back on the list.`,
  undoFailed: 'This decision can no longer be undone.',
} as const;

/** The server's refusals of a bulk request and of an undo (kept apart: the page does not load them). */
export const ENDORSEMENT_DECISION_REFUSALS = {
  selectedNone: 'Select at least one item.',
  selectedTooMany: `Select at most ${MAX_BULK_REVIEW} items at once.`,
  selectedTwice: 'An item is selected twice.',
  notYours: 'Only the official who made this decision can undo it.',
  tooLate: `A decision can be undone only within ${UNDO_WINDOW_SECONDS} seconds.`,
  changedSince: 'This item has changed since the decision, so it can no longer be undone.',
  notDecided: 'This item awaits review: there is no decision to undo.',
} as const;

/** "Endorse selected": the ids of one kind's items, each decided on its own. */
export const BulkReviewRequestSchema = z.object({
  ids: z
    .array(uuidInput('Not a valid id.'), { error: ENDORSEMENT_DECISION_REFUSALS.selectedNone })
    .min(1, ENDORSEMENT_DECISION_REFUSALS.selectedNone)
    .max(MAX_BULK_REVIEW, ENDORSEMENT_DECISION_REFUSALS.selectedTooMany)
    .refine((ids) => new Set(ids).size === ids.length, ENDORSEMENT_DECISION_REFUSALS.selectedTwice),
  /**
   * Achievements: the version of each item as the official saw it, by id; an item the student
   * changed since is refused (409) as a single verification would be.
   */
  versions: z.record(z.string(), z.number().int()).optional(),
});

/**
 * One item's answer: decided by this request (`outcome`), or refused with the reason a single
 * decision would have given (403 another's, 404 gone, 409 decided by another official).
 */
const BulkReviewItemSchema = z.object({
  id: z.string(),
  outcome: ReviewOutcomeSchema.nullable(),
  refused: z.object({ status: z.number().int(), message: z.string() }).nullable(),
});
export const BulkReviewResultSchema = z.object({ results: z.array(BulkReviewItemSchema) });
export type BulkReviewResult = z.infer<typeof BulkReviewResultSchema>;

/** An undone decision: the item awaits review again. */
export const UndoOutcomeSchema = z.object({ id: z.uuid(), status: z.literal('pending') });
export type UndoOutcome = z.infer<typeof UndoOutcomeSchema>;

/** How many items of each tab await the official (what they may decide, their own left out). */
export const ReviewCountsSchema = z.object({
  userSkills: z.number().int(),
  skills: z.number().int(),
  achievements: z.number().int(),
  positions: z.number().int(),
});
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;
