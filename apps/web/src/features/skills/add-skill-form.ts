import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AddUserSkillRequestSchema,
  SKILL_MESSAGES,
  type AddUserSkillRequest,
  type LookupItem,
  type PROFICIENCY_LEVELS,
  type SKILL_TYPES,
  type UserSkill,
} from '@cosa/contracts';

/** The picker's extra entry that reveals the create-new-skill fields. */
export const NEW_SKILL_OPTION: LookupItem = {
  id: '__new__',
  label: SKILL_MESSAGES.addNewOption,
  detail: null,
};

export type AddSkillValues = {
  skill: LookupItem | null;
  newSkill: {
    name: string;
    category: string;
    type: (typeof SKILL_TYPES)[number] | '';
    description: string;
  };
  proficiencyLevel: (typeof PROFICIENCY_LEVELS)[number];
  positionId: string;
};

export type AddSkillField =
  | 'skill'
  | 'newSkill'
  | 'newSkill.name'
  | 'newSkill.category'
  | 'newSkill.type'
  | 'newSkill.description'
  | 'proficiencyLevel'
  | 'positionId';

export const ADD_SKILL_DEFAULTS: AddSkillValues = {
  skill: null,
  newSkill: { name: '', category: '', type: '', description: '' },
  proficiencyLevel: 'beginner',
  positionId: '',
};

export const isNewSkill = (skill: LookupItem | null) => skill?.id === NEW_SKILL_OPTION.id;

/** The form field that shows a message the request schema or the server gives for a request field. */
export function formFieldOf(requestField: string): AddSkillField | null {
  if (requestField === 'skillId') return 'skill';
  if (
    requestField === 'proficiencyLevel' ||
    requestField === 'positionId' ||
    requestField === 'newSkill'
  )
    return requestField;
  if (/^newSkill\.(name|category|type|description)$/.test(requestField))
    return requestField as AddSkillField;
  return null;
}

type FieldMessage = { type: string; message: string };

/** Errors in the nested shape react-hook-form reads ('newSkill.name' is errors.newSkill.name). */
function errorsOf(messages: Partial<Record<AddSkillField, string>>): FieldErrors<AddSkillValues> {
  const errors: Record<string, FieldMessage | Record<string, FieldMessage>> = {};
  for (const [field, message] of Object.entries(messages)) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    const entry = { type: 'validate', message };
    if (!tail) errors[head] = { ...errors[head], ...entry };
    else errors[head] = { ...errors[head], [tail]: entry };
  }
  return errors as FieldErrors<AddSkillValues>;
}

function failure(field: AddSkillField, message: string) {
  return { values: {}, errors: errorsOf({ [field]: message }) };
}

/**
 * The Add Skill rules of spec section 5, in its order: a skill is chosen; a new skill has its name,
 * category and type; the student does not have it yet (same id, or same new name in any case).
 */
export const resolveAddSkill: Resolver<AddSkillValues, readonly UserSkill[], AddUserSkillRequest> = (
  values,
  existing = [],
) => {
  const { skill, newSkill, proficiencyLevel, positionId } = values;
  if (!skill) return failure('skill', SKILL_MESSAGES.selectSkill);

  let request: unknown;
  if (isNewSkill(skill)) {
    const name = newSkill.name.trim();
    if (!name || !newSkill.category.trim() || !newSkill.type)
      return failure('newSkill', SKILL_MESSAGES.newSkillIncomplete);
    if (existing.some((mine) => mine.skill.name.trim().toLowerCase() === name.toLowerCase()))
      return failure('newSkill.name', SKILL_MESSAGES.duplicate);
    request = { newSkill, proficiencyLevel, positionId };
  } else {
    if (existing.some((mine) => mine.skill.id === skill.id))
      return failure('skill', SKILL_MESSAGES.duplicate);
    request = { skillId: skill.id, proficiencyLevel, positionId };
  }

  const parsed = AddUserSkillRequestSchema.safeParse(request);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const messages: Partial<Record<AddSkillField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    if (field) messages[field] ??= issue.message;
  }
  if (!Object.keys(messages).length) messages.skill = SKILL_MESSAGES.invalidSkill;
  return { values: {}, errors: errorsOf(messages) };
};
