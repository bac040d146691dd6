import { z } from 'zod';
import { emptyAsMissing, isPlainText, pagedListSchema, PageQuerySchema, uuidInput } from './common';
import { FEEDBACK_TARGET_TYPE_VALUES, FEEDBACK_TYPES } from './constants';

/** Comment previews are cut at 200 characters, actions taken at 250 (spec section 9). */
export const COMMENT_PREVIEW_LENGTH = 200;
export const ACTIONS_PREVIEW_LENGTH = 250;

export const FEEDBACK_DESK_MESSAGES = {
  heading: 'Feedback',
  awaiting: 'Awaiting Resolution',
  markResolved: 'Mark as Resolved',
  resolved: 'Resolved',
  noActions: 'No actions recorded',
  empty: 'No feedbacks found',
  viewMore: 'View More',
  viewLess: 'View Less',
  actionsRequired: 'Please enter actions taken.',
  actionsTooLong: 'Actions taken must be at most 2000 characters.',
  invisibleCharacters: 'Use visible characters only.',
  resolveTitle: 'Mark feedback as resolved',
  actionsLabel: 'Actions taken',
  resolving: 'Saving...',
  resolvedToast: 'Feedback marked as resolved.',
  resolveFailed: 'The feedback could not be marked as resolved. Please try again.',
  alreadyResolved: 'Another official resolved this feedback first.',
  aboutYou: 'Feedback about you is resolved by another official.',
  loadFailed: 'Feedback could not be loaded. Please try again.',
  anonymous: 'Anonymous',
  sentAnonymously: 'You sent this anonymously',
  notFound: 'This feedback does not exist or is not yours to see.',
  showingOne: 'Showing one feedback, opened from the search.',
  showAll: 'Show all feedback',
} as const;

/** The status filter (spec section 9): All, Resolved, Not Resolved. */
export const FEEDBACK_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'unresolved', label: 'Not Resolved' },
] as const;

/** GET /api/feedback: what the user may see (design section 8), filtered and paged on the server. */
export const FeedbackListQuerySchema = PageQuerySchema.extend({
  status: z.enum(['all', 'resolved', 'unresolved']).default('all'),
  type: z.enum(FEEDBACK_TYPES).optional(),
  /** One feedback alone (a search result's link), when the viewer may see it; the counts stay the desk's. */
  id: z.preprocess(emptyAsMissing, uuidInput('Not a valid id.').optional()),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>;

/** A feedback card. `author` is null for anonymous feedback, whoever asks. */
export const FeedbackItemSchema = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  targetType: z.enum(FEEDBACK_TARGET_TYPE_VALUES),
  /** The target named for people: a user's name, an event's title, a unit's name, a position's title; `detail` adds context. */
  target: z.object({ label: z.string(), detail: z.string().nullable() }),
  rating: z.number().int().nullable(),
  comments: z.string(),
  isAnonymous: z.boolean(),
  author: z.object({ name: z.string(), username: z.string() }).nullable(),
  /** The signed-in user gave it. */
  mine: z.boolean(),
  createdAt: z.string(),
  isResolved: z.boolean(),
  actionsTaken: z.string().nullable(),
  resolvedBy: z.object({ name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  /** The signed-in user may mark it as resolved. */
  canResolve: z.boolean(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

/** `counts` follow the type filter but not the status filter, for the totals and the status tabs. */
export const FeedbackListSchema = pagedListSchema(FeedbackItemSchema).extend({
  counts: z.object({ all: z.number().int(), resolved: z.number().int(), unresolved: z.number().int() }),
  /** Whether this user resolves feedback at all (officials and club coordinators). */
  resolver: z.boolean(),
});
export type FeedbackList = z.infer<typeof FeedbackListSchema>;

/** POST /api/feedback/{id}/resolution; the resolver is the signed-in user. */
export const ResolveFeedbackRequestSchema = z.object({
  actionsTaken: z
    .string({ error: FEEDBACK_DESK_MESSAGES.actionsRequired })
    .trim()
    .min(1, FEEDBACK_DESK_MESSAGES.actionsRequired)
    .max(2000, FEEDBACK_DESK_MESSAGES.actionsTooLong)
    .refine(isPlainText, FEEDBACK_DESK_MESSAGES.invisibleCharacters),
});
export type ResolveFeedbackRequest = z.infer<typeof ResolveFeedbackRequestSchema>;
export const ResolvedFeedbackResponseSchema = z.object({ feedback: FeedbackItemSchema });
