import { z } from 'zod';
import {
  isCalendarDate,
  isPlainLine,
  isPlainText,
  optionalHttpUrl,
  optionalText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  UuidSchema,
} from './common';
import { ACHIEVEMENT_TYPES } from './constants';
import { SubmissionHistorySchema } from './submissions';

export const ACHIEVEMENT_MESSAGES = {
  reviewNote:
    'Your achievement will be reviewed for verification before it is published to your profile.',
  submitted: 'Achievement submitted successfully!',
  submitErrorPrefix: 'Error submitting achievement: ',
  submitDefault: 'Failed to submit achievement',
  fetchFailed: 'Failed to fetch achievements',
  emptyMine: "You haven't added any achievements yet.",
  noMatch: 'No achievements match your current filters.',
  noLatest: 'No achievements yet.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} achievements`,
  titleRequired: 'Title is required',
  typeRequired: 'Type is required',
  categoryRequired: 'Category is required',
  dateRequired: 'Date achieved is required',
  dateInvalid: 'Date achieved cannot be in the future',
  dateNotReal: 'Date achieved must be a real date, from 1950 on',
  certificateInvalid: 'Certificate URL must be a valid http or https address',
  eventInvalid: 'Please choose an event from the list.',
  verified: 'Verified',
  invisibleCharacters: 'Use visible characters only, on one line.',
  invisibleInText: 'Use visible characters only.',
  pending: 'Pending',
  declined: 'Declined',
} as const;

export const ACHIEVEMENT_STATUSES = ['verified', 'pending', 'declined'] as const;

/** An achievement as its owner sees it. */
export const AchievementSchema = z.object({
  id: z.string(),
  achievementCode: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  type: z.enum(ACHIEVEMENT_TYPES),
  level: z.string().nullable(),
  event: z.object({ id: z.string(), title: z.string(), description: z.string().nullable() }).nullable(),
  dateAchieved: z.string(),
  position: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  verified: z.boolean(),
  verifiedBy: z.object({ name: z.string() }).nullable(),
  verifiedAt: z.string().nullable(),
  /** Set when an official declined it: the reason, for the student. */
  declineReason: z.string().nullable(),
  /** Raised by each edit; an official's decision names it. */
  version: z.number().int(),
  history: SubmissionHistorySchema,
  createdAt: z.string(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/** An optional text of visible characters: one line, or several when `lines`; officials read it on the endorsement panel. */
const visibleText = (max: number, lines = false) =>
  optionalText(max).refine(
    (value) => value == null || (lines ? isPlainText(value) : isPlainLine(value)),
    lines ? ACHIEVEMENT_MESSAGES.invisibleInText : ACHIEVEMENT_MESSAGES.invisibleCharacters,
  );

/**
 * POST /api/me/achievements and the Add Achievement form; the owner is the signed-in user, never
 * verified by this call. Today is read from `clock` at each check.
 */
export function addAchievementRequestSchema(clock: () => Date = () => new Date()) {
  // A day of slack: a student east of UTC may be on the next calendar day already.
  const latest = () => new Date(clock().getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  return z.object({
    title: z
      .string({ error: ACHIEVEMENT_MESSAGES.titleRequired })
      .trim()
      .min(1, ACHIEVEMENT_MESSAGES.titleRequired)
      .max(200, 'Title must be at most 200 characters.')
      .refine(isPlainLine, ACHIEVEMENT_MESSAGES.invisibleCharacters),
    description: visibleText(2000, true),
    category: z
      .string({ error: ACHIEVEMENT_MESSAGES.categoryRequired })
      .trim()
      .min(1, ACHIEVEMENT_MESSAGES.categoryRequired)
      .max(80, 'Category must be at most 80 characters.')
      .refine(isPlainLine, ACHIEVEMENT_MESSAGES.invisibleCharacters),
    type: z.enum(ACHIEVEMENT_TYPES, { error: ACHIEVEMENT_MESSAGES.typeRequired }),
    level: visibleText(40),
    eventId: z.preprocess((value) => (value === '' ? null : value), UuidSchema.nullable().optional()),
    dateAchieved: z
      .string({ error: ACHIEVEMENT_MESSAGES.dateRequired })
      .min(1, ACHIEVEMENT_MESSAGES.dateRequired)
      .refine(
        (value) => isCalendarDate(value) && value >= '1950-01-01',
        ACHIEVEMENT_MESSAGES.dateNotReal,
      )
      .refine((value) => value <= latest(), ACHIEVEMENT_MESSAGES.dateInvalid),
    position: visibleText(60),
    certificateUrl: optionalHttpUrl(ACHIEVEMENT_MESSAGES.certificateInvalid),
  });
}
export type AddAchievementRequest = z.infer<ReturnType<typeof addAchievementRequestSchema>>;

/**
 * PATCH /api/me/achievements/:id: the Add Achievement form again, checked by the same rules;
 * `resend` corrects a declined achievement and sends it back for verification.
 */
export function editAchievementRequestSchema(clock: () => Date = () => new Date()) {
  return addAchievementRequestSchema(clock).extend({ resend: z.boolean().default(false) });
}
export type EditAchievementRequest = z.infer<ReturnType<typeof editAchievementRequestSchema>>;
export const AchievementResponseSchema = z.object({ achievement: AchievementSchema });

export const AchievementListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  category: SearchTextSchema,
  level: SearchTextSchema,
  status: z.enum(ACHIEVEMENT_STATUSES).optional(),
});
export type AchievementListQuery = z.infer<typeof AchievementListQuerySchema>;

export const AchievementListSchema = pagedListSchema(AchievementSchema).extend({
  /** The categories and levels among all the student's achievements, for the filters. */
  facets: z.object({ categories: z.array(z.string()), levels: z.array(z.string()) }),
});
export type AchievementList = z.infer<typeof AchievementListSchema>;
