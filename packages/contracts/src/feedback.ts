import { z } from 'zod';
import { decimalInput, emptyAsMissing, isPlainText, uuidInput } from './common';
import { FEEDBACK_TARGET_TYPE_VALUES, FEEDBACK_TYPES, RATING_MAX, RATING_MIN } from './constants';

export const FEEDBACK_MESSAGES = {
  submitted: 'Feedback submitted successfully',
  failed: 'Failed to submit feedback',
  typeRequired: 'Feedback type is required',
  targetTypeRequired: 'Target type is required',
  targetRequired: 'Target is required',
  targetNotFound: 'Please choose a target from the list.',
  commentsRequired: 'Comments are required',
  commentsTooLong: 'Comments must be at most 5000 characters.',
  ratingRange: `Rating must be between ${RATING_MIN} and ${RATING_MAX}`,
  invisibleCharacters: 'Use visible characters only.',
  anonymousNote: 'Your name is not shown to anyone, officials included.',
} as const;

/** Which picker lists the targets of each target type. */
export const FEEDBACK_TARGET_LOOKUP = {
  User: 'users',
  Event: 'events',
  'Club/Organization': 'units',
  POR: 'positions',
} as const satisfies Record<(typeof FEEDBACK_TARGET_TYPE_VALUES)[number], string>;

/** POST /api/feedback and the feedback form; the author is the signed-in user, whatever the request says. */
export const SubmitFeedbackRequestSchema = z.object({
  type: z.preprocess(emptyAsMissing, z.enum(FEEDBACK_TYPES, { error: FEEDBACK_MESSAGES.typeRequired })),
  targetType: z.preprocess(
    emptyAsMissing,
    z.enum(FEEDBACK_TARGET_TYPE_VALUES, { error: FEEDBACK_MESSAGES.targetTypeRequired }),
  ),
  targetId: z.preprocess(emptyAsMissing, uuidInput({ error: FEEDBACK_MESSAGES.targetRequired })),
  // Shown as required but optional (spec section 5): a blank rating is left out.
  rating: z.preprocess(
    (value) => (value === null || value === 0 || value === '0' ? undefined : decimalInput(value)),
    z
      .number({ error: FEEDBACK_MESSAGES.ratingRange })
      .int(FEEDBACK_MESSAGES.ratingRange)
      .min(RATING_MIN, FEEDBACK_MESSAGES.ratingRange)
      .max(RATING_MAX, FEEDBACK_MESSAGES.ratingRange)
      .optional(),
  ),
  comments: z
    .string({ error: FEEDBACK_MESSAGES.commentsRequired })
    .trim()
    .min(1, FEEDBACK_MESSAGES.commentsRequired)
    .max(5000, FEEDBACK_MESSAGES.commentsTooLong)
    .refine(isPlainText, FEEDBACK_MESSAGES.invisibleCharacters),
  isAnonymous: z.boolean().default(false),
});
export type SubmitFeedbackRequest = z.infer<typeof SubmitFeedbackRequestSchema>;

/** The answer to a submission: what the author may know of it. */
export const SubmittedFeedbackSchema = z.object({
  feedback: z.object({ id: z.uuid(), isAnonymous: z.boolean(), createdAt: z.string() }),
});
