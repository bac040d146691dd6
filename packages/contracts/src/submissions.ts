import { z } from 'zod';

/*
 * A student's own submissions (an achievement, a self-declared position) while no official has
 * decided them: edited, withdrawn, or corrected and sent again after a decline (decision 0024).
 */

/** What the item's history records: each decline, and each time the student sent it again. */
export const SUBMISSION_EVENTS = ['declined', 'resent'] as const;

export const SubmissionEventSchema = z.object({
  event: z.enum(SUBMISSION_EVENTS),
  at: z.string(),
  /** The official who declined; null for a resend (the student) or a deleted account. */
  by: z.object({ name: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type SubmissionEvent = z.infer<typeof SubmissionEventSchema>;

/** The history an item carries, oldest first, the current decline last. */
export const SubmissionHistorySchema = z.array(SubmissionEventSchema);

export const SUBMISSION_MESSAGES = {
  edit: 'Edit',
  withdraw: 'Withdraw',
  resend: 'Correct and resend',
  cancel: 'Cancel',
  saveEdit: 'Save changes',
  saving: 'Saving...',
  sendAgain: 'Send again',
  withdrawing: 'Withdrawing...',
  history: 'History',
  declinedOn: (date: string) => `Declined on ${date}`,
  resentOn: (date: string) => `Resent on ${date}`,
  reason: 'Reason: ',
  achievementEditTitle: 'Edit achievement',
  achievementResendTitle: 'Correct and resend achievement',
  achievementWithdrawTitle: 'Withdraw this achievement?',
  achievementWithdrawText:
    'It leaves your record and the reviewers\u2019 queue. You can add it again later.',
  achievementUpdated: 'Achievement updated.',
  achievementResent: 'Achievement sent again for verification.',
  achievementWithdrawn: 'Achievement withdrawn.',
  achievementNotFound: 'This achievement is not on your record.',
  achievementDecided: 'This achievement has already been verified and can no longer be changed.',
  achievementDeclinedMeanwhile:
    'An official declined this achievement meanwhile. Read the reason, then correct and resend it.',
  positionEditTitle: 'Edit position record',
  positionResendTitle: 'Correct and resend position record',
  positionWithdrawTitle: 'Withdraw this position record?',
  positionWithdrawText:
    'It leaves your record and the reviewers\u2019 queue. You can declare it again later.',
  positionUpdated: 'Position record updated.',
  positionResent: 'Position record sent again for verification.',
  positionWithdrawn: 'Position record withdrawn.',
  positionNotFound: 'This position record is not on your record.',
  positionDecided: 'This position record has already been verified and can no longer be changed.',
  positionDeclinedMeanwhile:
    'An official declined this position record meanwhile. Read the reason, then correct and resend it.',
  positionNotDeclared:
    "This record was entered by an official or your club's coordinator; ask them to change it.",
  changeFailed: 'Your change was not saved. Try again.',
} as const;

/** The version of an item an official decided on: refused (409) when the student changed it since. */
export const ReviewedVersionSchema = z.object({ version: z.number().int().min(1).optional() });
