import { z } from 'zod';
import {
  blankAsNull,
  emptyAsMissing,
  isPlainLine,
  isPlainText,
  pagedListSchema,
  PageQuerySchema,
  SearchTextSchema,
  tidyName,
  uuidInput,
} from './common';
import { SKILL_TYPES } from './constants';
import { CatalogueSkillSchema } from './skills';

/**
 * Where a catalogue skill stands, one state per skill, in this order of precedence: retired (by an
 * administrator, or merged into another skill); declined by an official; endorsed; otherwise
 * awaiting review.
 */
export const SKILL_STATES = ['endorsed', 'awaiting', 'declined', 'retired'] as const;
export type SkillState = (typeof SKILL_STATES)[number];

/** How the administration pages name each skill state. */
export const SKILL_STATE_LABELS: Record<SkillState, string> = {
  endorsed: 'Endorsed',
  awaiting: 'Awaiting review',
  declined: 'Declined',
  retired: 'Retired',
};

/** How the administration pages name each skill type. */
export const SKILL_TYPE_LABELS: Record<(typeof SKILL_TYPES)[number], string> = {
  technical: 'Technical',
  cultural: 'Cultural',
  sports: 'Sports',
  academic: 'Academic',
};

/** The visible texts of /admin/skills, and the server's refusals. */
export const ADMIN_SKILL_MESSAGES = {
  skillNotFound: 'We could not find this skill.',
  nameTaken: 'Another skill already has this name.',
  nameRequired: 'Please enter the skill name.',
  categoryRequired: 'Please enter a category.',
  typeInvalid: 'Please choose a skill type.',
  nothingToChange: 'Change at least one field.',
  retiredReadOnly: 'A retired skill cannot be edited.',
  alreadyRetired: 'This skill is already retired.',
  targetRequired: 'Please choose the skill to merge into.',
  targetNotFound: 'Please choose a skill from the catalogue.',
  mergeIntoItself: 'A skill cannot be merged into itself.',
  targetRetired: 'This skill is retired: choose a skill in use.',
  targetDeclined: 'This skill was declined from the catalogue: choose another.',
  targetNotEndorsed:
    'This skill still awaits review: an endorsed skill can be merged only into another endorsed skill.',
  sourceRetired: 'This skill is already retired or merged.',
  updated: 'Skill updated.',
  merged: (name: string) => `Merged into ${name}.`,
  retired: 'Skill retired. Students who hold it keep it; it leaves the catalogue.',
  updateFailed: 'The skill could not be saved. Please try again.',
  mergeFailed: 'The skills could not be merged. Please try again.',
  retireFailed: 'The skill could not be retired. Please try again.',
  skillsLoadFailed: 'The skills could not be loaded. Please try again.',
  previewFailed: 'The effect of the merge could not be worked out. You can still merge.',
  noSkills: 'No skills match your search and filters.',
  showingSkills: (total: number, overall: number) => `Showing ${total} of ${overall} skills`,
  mergePreview: (moving: number, collapsing: number) =>
    `${moving} ${moving === 1 ? "student's claim moves" : "students' claims move"}, ${collapsing} ${collapsing === 1 ? 'duplicate collapses' : 'duplicates collapse'}.`,
  retireText:
    'A retired skill stays on the records of the students who hold it, but leaves the catalogue: nobody can add it any more.',
} as const;

/** ?q=&type=&state=&page=&pageSize= of /api/admin/skills. */
export const AdminSkillListQuerySchema = PageQuerySchema.extend({
  /** A part of the name, the category or the skill id. */
  q: SearchTextSchema,
  type: z.preprocess(
    emptyAsMissing,
    z.enum(SKILL_TYPES, { error: ADMIN_SKILL_MESSAGES.typeInvalid }).optional(),
  ),
  state: z.preprocess(emptyAsMissing, z.enum(SKILL_STATES).optional()),
});
export type AdminSkillListQuery = z.infer<typeof AdminSkillListQuerySchema>;

/** GET /api/admin/skills/export: the list's filters, without its paging (a page number sent along is dropped). */
export const AdminSkillExportQuerySchema = AdminSkillListQuerySchema.omit({
  page: true,
  pageSize: true,
});
export type AdminSkillExportQuery = z.infer<typeof AdminSkillExportQuerySchema>;

const SkillRefSchema = z.object({ id: z.string(), name: z.string() });

/** A skill of the catalogue as the administrator sees it. */
export const AdminSkillSchema = CatalogueSkillSchema.omit({ isEndorsed: true }).extend({
  state: z.enum(SKILL_STATES),
  /** Students who hold the skill on their record. */
  usage: z.number().int(),
  /** The student who added it to the catalogue; null for the institute's own. */
  createdBy: SkillRefSchema.nullable(),
  /** The skill this one was merged into, when it was. */
  mergedInto: SkillRefSchema.nullable(),
  declineReason: z.string().nullable(),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSkill = z.infer<typeof AdminSkillSchema>;

export const AdminSkillListSchema = pagedListSchema(AdminSkillSchema);
export type AdminSkillList = z.infer<typeof AdminSkillListSchema>;
export const AdminSkillResponseSchema = z.object({ skill: AdminSkillSchema });

const line = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `At most ${max} characters.`)
    .refine(isPlainLine, 'Use visible characters only, on one line.');

/** PATCH /api/admin/skills/{id}: rename, retype, recategorise or describe; the fields sent change, at least one. */
export const AdminSkillUpdateSchema = z
  .object({
    name: z.preprocess(tidyName, line(80, ADMIN_SKILL_MESSAGES.nameRequired)).optional(),
    category: line(60, ADMIN_SKILL_MESSAGES.categoryRequired).optional(),
    type: z.enum(SKILL_TYPES, { error: ADMIN_SKILL_MESSAGES.typeInvalid }).optional(),
    /** Blank clears the description. */
    description: z.preprocess(
      blankAsNull,
      z
        .string()
        .trim()
        .max(1000, 'At most 1000 characters.')
        .refine(isPlainText, 'Use visible characters only.')
        .nullable()
        .optional(),
    ),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: ADMIN_SKILL_MESSAGES.nothingToChange,
    path: ['name'],
  });
export type AdminSkillUpdate = z.infer<typeof AdminSkillUpdateSchema>;

const mergeTarget = z.preprocess(
  emptyAsMissing,
  uuidInput({ error: ADMIN_SKILL_MESSAGES.targetRequired }),
);

/** POST /api/admin/skills/{id}/merge: the skill the duplicate is merged into. */
export const SkillMergeRequestSchema = z.object({ intoId: mergeTarget });

/** GET /api/admin/skills/{id}/merge?intoId=: what a merge would do, without doing it. */
export const SkillMergePreviewQuerySchema = z.object({ intoId: mergeTarget });
export const SkillMergePreviewSchema = z.object({
  /** Claims of the duplicate that move to the target. */
  moving: z.number().int(),
  /** Students who hold both: their two claims become one. */
  collapsing: z.number().int(),
});
export type SkillMergePreview = z.infer<typeof SkillMergePreviewSchema>;

/** The answer of a merge: the target as it is now, and what moved. */
export const SkillMergeResponseSchema = z.object({
  skill: AdminSkillSchema,
  moved: z.number().int(),
  collapsed: z.number().int(),
});
export type SkillMergeResponse = z.infer<typeof SkillMergeResponseSchema>;
