import { z } from 'zod';
import {
  blankAsNull,
  isPlainLine,
  isPlainText,
  SearchTextSchema,
  uuidInput,
  UuidSchema,
} from './common';
import { PROFICIENCY_LEVELS, SKILL_TYPES } from './constants';

/** How many skills one record may list. */
export const MAX_SKILLS_PER_USER = 200;

export const SKILL_MESSAGES = {
  heading: (count: number) => `Your Skills (${count})`,
  empty: 'No skills added yet',
  addSkill: 'Add Skill',
  addNewOption: '+ Add new skill',
  /** Marks a catalogue skill no official has endorsed yet, in the Add Skill picker. */
  awaitingReview: 'awaiting review',
  selectSkill: 'Please select a skill.',
  invalidSkill: 'Please select a valid skill.',
  newSkillIncomplete: 'Please fill all required fields in the new skill form.',
  duplicate: 'You have already added this skill.',
  added: 'Skill added successfully!',
  addFailed: 'Error adding skill.',
  endorsed: 'Endorsed',
  notEndorsed: 'Not Endorsed',
  declined: 'Declined',
  declinedName: 'An official declined this skill from the catalogue; choose another.',
  retiredName: 'This skill was retired from the catalogue; choose another.',
  removed: 'Skill removed.',
  removeFailed: 'The skill could not be removed. Please try again.',
  endorsedCannotBeRemoved: 'An endorsed skill cannot be removed.',
  positionInvalid: 'Choose one of your own positions.',
  proficiencyInvalid: 'Please choose a proficiency level.',
  fetchFailed: 'Failed to fetch skills',
  invisibleCharacters: 'Use visible characters only, on one line.',
  invisibleInText: 'Use visible characters only.',
  tooMany: `You can list at most ${MAX_SKILLS_PER_USER} skills.`,
} as const;

/** A skill of the shared catalogue. */
export const CatalogueSkillSchema = z.object({
  id: z.string(),
  skillCode: z.string(),
  name: z.string(),
  category: z.string(),
  type: z.enum(SKILL_TYPES),
  description: z.string().nullable(),
  isEndorsed: z.boolean(),
});
export type CatalogueSkill = z.infer<typeof CatalogueSkillSchema>;

export const SkillCatalogueQuerySchema = z.object({ q: SearchTextSchema });
export const SkillCatalogueResponseSchema = z.object({ items: z.array(CatalogueSkillSchema) });
export const SKILL_CATALOGUE_LIMIT = 50;

/** A skill the signed-in student claims. */
export const UserSkillSchema = z.object({
  id: z.string(),
  skill: CatalogueSkillSchema,
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS),
  position: z.object({ id: z.string(), title: z.string() }).nullable(),
  isEndorsed: z.boolean(),
  /** Set when an official declined it: the reason, for the student. */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSkill = z.infer<typeof UserSkillSchema>;
export const UserSkillListSchema = z.object({
  items: z.array(UserSkillSchema),
  total: z.number().int(),
});
export type UserSkillList = z.infer<typeof UserSkillListSchema>;

const requiredText = (max: number) =>
  z
    .string({ error: SKILL_MESSAGES.newSkillIncomplete })
    .trim()
    .min(1, SKILL_MESSAGES.newSkillIncomplete)
    .max(max, `At most ${max} characters.`)
    .refine(isPlainLine, SKILL_MESSAGES.invisibleCharacters);

/** The create-new-skill fields of the Add Skill modal ('+ Add new skill'). */
const NewSkillSchema = z.object({
  name: requiredText(80),
  category: requiredText(60),
  type: z.enum(SKILL_TYPES, { error: SKILL_MESSAGES.newSkillIncomplete }),
  description: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(1000, 'At most 1000 characters.')
      .refine(isPlainText, SKILL_MESSAGES.invisibleInText)
      .nullable()
      .optional(),
  ),
});

/** POST /api/me/skills: a catalogue skill by id, or a new one; never both. */
export const AddUserSkillRequestSchema = z
  .object({
    skillId: z.preprocess(
      (value) => (value === '' ? undefined : value),
      uuidInput(SKILL_MESSAGES.invalidSkill).optional(),
    ),
    newSkill: NewSkillSchema.optional(),
    proficiencyLevel: z
      .enum(PROFICIENCY_LEVELS, { error: SKILL_MESSAGES.proficiencyInvalid })
      .default('beginner'),
    positionId: z.preprocess((value) => (value === '' ? null : value), UuidSchema.nullable().optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.skillId && !value.newSkill)
      ctx.addIssue({ code: 'custom', path: ['skillId'], message: SKILL_MESSAGES.selectSkill });
    if (value.skillId && value.newSkill)
      ctx.addIssue({ code: 'custom', path: ['skillId'], message: SKILL_MESSAGES.invalidSkill });
  });
export type AddUserSkillRequest = z.infer<typeof AddUserSkillRequestSchema>;
export const UserSkillResponseSchema = z.object({ userSkill: UserSkillSchema });
