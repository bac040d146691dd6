import { z } from 'zod';
import {
  isCalendarDate,
  isPlainText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
} from './common';
import {
  ACHIEVEMENT_LEVELS,
  ACHIEVEMENT_TYPES,
  POSITION_STATUSES,
  PROFICIENCY_LEVELS,
  SKILL_TYPES,
} from './constants';
import type { Role } from './roles';
import { ReviewedVersionSchema } from './submissions';

/** The skill type each general secretary reviews (spec section 6); the president reviews every type. */
export const GENSEC_SKILL_TYPE: Partial<Record<Role, (typeof SKILL_TYPES)[number]>> = {
  GENSEC_SCITECH: 'technical',
  GENSEC_ACADEMIC: 'academic',
  GENSEC_CULTURAL: 'cultural',
  GENSEC_SPORTS: 'sports',
};

export const ENDORSEMENT_MESSAGES = {
  heading: 'Endorsement Panel',
  userSkillsTab: 'User Skills',
  skillsTab: 'Skills',
  achievementsTab: 'Achievements',
  endorse: 'Endorse',
  endorsing: 'Endorsing...',
  verify: 'Verify',
  verifying: 'Verifying...',
  decline: 'Decline',
  declining: 'Declining...',
  allSkillsEndorsed: 'All skills endorsed!',
  allUserSkillsEndorsed: 'All user skills endorsed!',
  noAchievements: 'No achievements pending endorsement.',
  loadSkillsFailed: 'Failed to load skills. Please try again.',
  loadUserSkillsFailed: 'Failed to load user skills. Please try again.',
  endorseFailed: 'Failed to endorse skill. Please try again.',
  loadAchievementsFailed: 'Failed to load achievements',
  verifyFailed: 'Failed to verify achievement',
  declineFailed: 'The item could not be declined. Please try again.',
  skillEndorsed: 'Skill endorsed.',
  achievementVerified: 'Achievement verified.',
  declined: 'Declined. The student sees your reason.',
  declineTitle: 'Decline this item?',
  declineReasonLabel: 'Reason (the student sees it)',
  declineReasonRequired: 'Please give a reason for declining.',
  declineReasonTooLong: 'The reason must be at most 500 characters.',
  invisibleCharacters: 'Use visible characters only.',
  otherType: 'This item is reviewed by another general secretary.',
  alreadyDeclined: 'This item was already declined by another official.',
  alreadyEndorsed: 'This item was already endorsed by another official.',
  notFound: 'This item no longer exists.',
  changedSinceSeen: 'The student changed this item after you opened it. Review it again.',
  declinedBadge: 'Declined',
  positionsTab: 'Positions',
  noPositions: 'No positions awaiting verification.',
  loadPositionsFailed: 'Failed to load the positions awaiting verification. Please try again.',
  positionVerified: 'Position verified.',
  verifyPositionFailed: 'The position could not be verified. Please try again.',
  selfDeclaredBadge: 'Self-declared',
  pendingBadge: "Appointed by the club's coordinator",
  councilVerifies:
    "An appointment by a club's coordinator is verified by a general secretary or the president.",
  shortfall: 'This person does not meet the requirements of the position.',
  verifyAnyway: 'Verify anyway',
  positionFull: 'This position is full for that tenure: every seat has an active holder.',
  positionRetired: 'This position is retired and takes no new holders.',
  positionAlreadyVerified: 'This record was already verified by another official.',
  positionAlreadyDeclined: 'This record was already declined by another official.',
} as const;

const submittedOn = z.string().trim().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.').optional();

/**
 * ?type= narrows the president's lists to one type; a general secretary may only name their own.
 * ?q= finds a student's name, username or student id, or the item's title, skill or event; ?level=
 * (achievements) and ?proficiency= (claims) narrow by what the student gave; ?from= and ?to= by
 * the day it was submitted, in the institute's time zone.
 */
export const ENDORSEMENT_FILTERS = {
  type: z.enum(ACHIEVEMENT_TYPES).optional(),
  q: SearchTextSchema,
  level: z.enum(ACHIEVEMENT_LEVELS).optional(),
  proficiency: z.enum(PROFICIENCY_LEVELS).optional(),
  from: submittedOn,
  to: submittedOn,
};

/** The submission dates' range runs forwards (checked where the filters are read). */
export const submittedInOrder: [
  (value: { from?: string | undefined; to?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (value) => !value.from || !value.to || value.from <= value.to,
  { message: 'The end date must be on or after the start date.', path: ['to'] },
];

export const EndorsementQuerySchema = PageQuerySchema.extend(ENDORSEMENT_FILTERS).refine(
  ...submittedInOrder,
);
export type EndorsementQuery = z.infer<typeof EndorsementQuerySchema>;

/** The student behind an item awaiting review. */
const SubmitterSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  studentId: z.string().nullable(),
});

/** A catalogue skill a student created, awaiting endorsement. */
export const PendingSkillSchema = z.object({
  id: z.string(),
  skillCode: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.enum(SKILL_TYPES),
  description: z.string().nullable(),
  submittedBy: SubmitterSchema.nullable(),
  createdAt: z.string(),
});
export type PendingSkill = z.infer<typeof PendingSkillSchema>;

/** A skill a student claims, awaiting endorsement. */
export const PendingUserSkillSchema = z.object({
  id: z.string(),
  student: SubmitterSchema,
  skill: z.object({ id: z.string(), name: z.string(), category: z.string(), type: z.enum(SKILL_TYPES) }),
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS),
  position: z.object({ id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PendingUserSkill = z.infer<typeof PendingUserSkillSchema>;

/** An achievement awaiting verification. */
export const PendingAchievementSchema = z.object({
  id: z.string(),
  achievementCode: z.string(),
  student: SubmitterSchema,
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  type: z.enum(ACHIEVEMENT_TYPES),
  level: z.string().nullable(),
  event: z.object({ id: z.string(), title: z.string() }).nullable(),
  dateAchieved: z.string(),
  position: z.string().nullable(),
  certificateUrl: z.string().nullable(),
  /** The version shown: the decision sends it back, refused if the student changed the item since. */
  version: z.number().int(),
  createdAt: z.string(),
});
export type PendingAchievement = z.infer<typeof PendingAchievementSchema>;

/** `types`: the types this official reviews. */
const reviewList = <T extends z.ZodType>(item: T) =>
  pagedListSchema(item).extend({ types: z.array(z.enum(ACHIEVEMENT_TYPES)) });
export const PendingSkillListSchema = reviewList(PendingSkillSchema);
export type PendingSkillList = z.infer<typeof PendingSkillListSchema>;
export const PendingUserSkillListSchema = reviewList(PendingUserSkillSchema);
export type PendingUserSkillList = z.infer<typeof PendingUserSkillListSchema>;
export const PendingAchievementListSchema = reviewList(PendingAchievementSchema);
export type PendingAchievementList = z.infer<typeof PendingAchievementListSchema>;

/** Declining needs a reason, which the student sees. */
export const DeclineRequestSchema = z.object({
  reason: z
    .string({ error: ENDORSEMENT_MESSAGES.declineReasonRequired })
    .trim()
    .min(1, ENDORSEMENT_MESSAGES.declineReasonRequired)
    .max(500, ENDORSEMENT_MESSAGES.declineReasonTooLong)
    .refine(isPlainText, ENDORSEMENT_MESSAGES.invisibleCharacters),
});
export type DeclineRequest = z.infer<typeof DeclineRequestSchema>;
/** A request without a body is read as an empty one, so each field's own message answers rather than a complaint about the body. */
const emptyIfMissing = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** The decline request as the server reads it. */
export const DeclineBodySchema = emptyIfMissing(
  DeclineRequestSchema.extend(ReviewedVersionSchema.shape),
);

/** Endorsing or verifying: `version` names what the official saw of an achievement. */
export const ApproveBodySchema = emptyIfMissing(ReviewedVersionSchema);

/** Verifying a position: confirm verifies a record short of the position's requirements once they were shown. */
export const VerifyPositionRequestSchema = emptyIfMissing(
  z.object({ confirm: z.boolean().default(false) }).extend(ReviewedVersionSchema.shape),
);

/**
 * The state of a reviewed item. Endorsing or verifying twice is harmless: the second answer is the
 * same state with `alreadyDone` true.
 */
export const ReviewOutcomeSchema = z.object({
  id: z.uuid(),
  status: z.enum(['endorsed', 'declined']),
  by: z.object({ name: z.string() }).nullable(),
  at: z.string(),
  alreadyDone: z.boolean(),
});
export type ReviewOutcome = z.infer<typeof ReviewOutcomeSchema>;

/**
 * A position record awaiting verification: one a student declared for themself (their '+ Add a
 * Position' modal), or one a club coordinator appointed (pending, with who proposed it).
 */
export const PendingPositionSchema = z.object({
  id: z.string(),
  porCode: z.string(),
  verification: z.enum(['self_declared', 'pending']),
  /** The coordinator whose appointment this is; null for a student's own claim. */
  proposedBy: z.object({ name: z.string() }).nullable(),
  student: SubmitterSchema,
  position: z.object({
    id: z.string(),
    positionCode: z.string(),
    title: z.string(),
    unit: z.object({ id: z.string(), name: z.string() }),
  }),
  tenureYear: z.string(),
  status: z.enum(POSITION_STATUSES),
  metrics: z.object({
    eventsOrganized: z.number().int(),
    /** What the ledger paid for the unit in the tenure; null for a reader who may not see the unit's money. */
    budgetUtilized: z.number().nullable(),
    feedback: z.string().nullable(),
  }),
  /** The version shown: the decision sends it back, refused if the student changed the record since. */
  version: z.number().int(),
  createdAt: z.string(),
});
export type PendingPosition = z.infer<typeof PendingPositionSchema>;
export const PendingPositionListSchema = pagedListSchema(PendingPositionSchema);
export type PendingPositionList = z.infer<typeof PendingPositionListSchema>;

/** The state of a reviewed self-declared record; verifying or declining twice is harmless (`alreadyDone`). */
export const PositionReviewOutcomeSchema = z.object({
  id: z.uuid(),
  status: z.enum(['verified', 'declined']),
  by: z.object({ name: z.string() }).nullable(),
  at: z.string(),
  alreadyDone: z.boolean(),
});
export type PositionReviewOutcome = z.infer<typeof PositionReviewOutcomeSchema>;
